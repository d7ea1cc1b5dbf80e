import { Building2, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TAccountChoice } from '@embauche/contracts/auth';

type AccountChoiceProps = {
  accounts: TAccountChoice[];
  pending: boolean;
  onChoose: (account: TAccountChoice) => void;
};

export function AccountChoice({ accounts, pending, onChoose }: AccountChoiceProps) {
  const { t } = useTranslation('login');
  return (
    <ul className="flex flex-col gap-2" aria-label={t('login:choose_account.title')}>
      {accounts.map((account) => (
        <li key={account.id}>
          <button
            type="button"
            disabled={pending}
            onClick={() => onChoose(account)}
            className="flex w-full items-center gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3 text-left transition-colors hover:border-brand-300 hover:bg-brand-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:opacity-60"
          >
            <span className="flex size-9 items-center justify-center rounded-lg bg-slate-100 text-slate-700">
              <Building2 aria-hidden="true" className="size-5" />
            </span>
            <span className="flex flex-1 flex-col">
              <span className="font-medium text-slate-900">{account.company_name}</span>
              {account.role_name ? <span className="text-sm text-slate-600">{account.role_name}</span> : null}
            </span>
            <ChevronRight aria-hidden="true" className="size-4 text-slate-500" />
          </button>
        </li>
      ))}
    </ul>
  );
}
