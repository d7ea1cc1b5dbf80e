import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SsoVerifyResult, TSsoDomainState } from '@embauche/contracts/sso';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CopyableInput } from '../../../components/ui/copyable-input.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { useVerifySsoDomain } from '../api/verify-sso-domain.ts';
import { formatDate } from '../../../lib/dates.ts';

const TONE = { pending: 'warning', verified: 'success', rejected: 'danger' } as const;

type Outcome = SsoVerifyResult | 'domain_taken' | 'failed';

/** One claimed domain: its state, the TXT record to publish, and the "verify" button. */
function DomainRow({ state }: { state: TSsoDomainState }) {
  const { t, i18n } = useTranslation(['sso', 'errors']);
  const verify = useVerifySsoDomain();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const nameId = useId();
  const valueId = useId();
  const run = async () => {
    setOutcome(null);
    try {
      setOutcome((await verify.mutateAsync(state.domain)).result);
    } catch (error) {
      setOutcome(isApiError(error) && error.errors?.domain?.includes('domain_taken') ? 'domain_taken' : 'failed');
    }
  };
  const verifiedOn =
    state.verified_at && formatDate(state.verified_at, 'long', i18n.language);
  return (
    <li className="flex min-w-0 flex-col gap-2 rounded-lg border border-slate-200 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="break-all text-sm font-semibold text-slate-900">{state.domain}</span>
        <Badge tone={TONE[state.status]}>{t(`sso:verification.status.${state.status}`)}</Badge>
      </div>
      {state.status === 'verified' ? (
        <p className="text-sm text-slate-600">
          {t(`sso:verification.verified_${state.verified_method ?? 'dns'}`, { date: verifiedOn ?? '' })}
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-600">
            {t(state.status === 'rejected' ? 'sso:verification.rejected_hint' : 'sso:verification.pending_hint')}
          </p>
          <div className="flex flex-col gap-1">
            <span id={nameId} className="text-xs font-medium text-slate-700">
              {t('sso:verification.txt_name')}
            </span>
            <CopyableInput
              value={state.txt_name}
              aria-describedby={nameId}
              label={t('sso:verification.txt_name_of', { domain: state.domain })}
              copyLabel={t('sso:verification.copy_name', { domain: state.domain })}
            />
          </div>
          <div className="flex flex-col gap-1">
            <span id={valueId} className="text-xs font-medium text-slate-700">
              {t('sso:verification.txt_value')}
            </span>
            <CopyableInput
              value={state.txt_value}
              aria-describedby={valueId}
              label={t('sso:verification.txt_value_of', { domain: state.domain })}
              copyLabel={t('sso:verification.copy_value', { domain: state.domain })}
            />
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <Button
              variant="outline"
              size="sm"
              disabled={verify.isPending}
              aria-label={t('sso:verification.verify_label', { domain: state.domain })}
              onClick={() => void run()}
            >
              {t('sso:verification.verify')}
            </Button>
            <p role="status" className={outcome === 'verified' ? 'text-sm text-emerald-800' : 'text-sm text-red-700'}>
              {outcome === null
                ? ''
                : outcome === 'domain_taken'
                  ? t('errors:domain_taken')
                  : t(`sso:verification.result.${outcome}`)}
            </p>
          </div>
        </>
      )}
    </li>
  );
}

/**
 * The saved domains' proof (issue 33): each domain routes sign-ins once verified, by its DNS TXT
 * record or by the Embauche team's approval.
 */
export function SsoDomainList({ states }: { states: TSsoDomainState[] }) {
  const { t } = useTranslation('sso');
  const headingId = useId();
  if (states.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className="text-sm font-semibold text-slate-900">
        {t('sso:verification.title')}
      </h3>
      <p className="text-sm text-slate-600">{t('sso:verification.description')}</p>
      <ul className="flex flex-col gap-2">
        {states.map((state) => (
          <DomainRow key={state.domain} state={state} />
        ))}
      </ul>
    </section>
  );
}
