import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { TSsoPendingDomain } from '@embauche/contracts/sso';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { useDecideSsoDomain, useSsoPendingDomains, type SsoDomainDecision } from '../api/sso-pending-domains.ts';
import { formatDate } from '../../../lib/dates.ts';

function PendingRow({ claim }: { claim: TSsoPendingDomain }) {
  const { t, i18n } = useTranslation(['sso', 'errors']);
  const decide = useDecideSsoDomain();
  const names = { domain: claim.domain, company: claim.company_name };
  const run = async (decision: SsoDomainDecision) => {
    try {
      await decide.mutateAsync({ id: claim.id, decision });
      toast.success(t(decision === 'approve' ? 'sso:pending.approved' : 'sso:pending.rejected', names));
    } catch (error) {
      const taken = isApiError(error) && error.errors?.id?.includes('domain_taken');
      toast.error(taken ? t('errors:domain_taken') : t('errors:generic'));
    }
  };
  return (
    <tr className="border-t border-slate-200">
      <td className="px-3 py-2 font-medium text-slate-900 break-all">{claim.domain}</td>
      <td className="px-3 py-2 text-slate-700">{claim.company_name}</td>
      <td className="px-3 py-2 text-slate-700">
        {formatDate(claim.created_at, 'long', i18n.language)}
      </td>
      <td className="px-3 py-2">
        <div className="flex flex-wrap justify-end gap-2">
          <Button size="sm" disabled={decide.isPending} aria-label={t('sso:pending.approve_label', names)} onClick={() => void run('approve')}>
            {t('sso:pending.approve')}
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={decide.isPending}
            aria-label={t('sso:pending.reject_label', names)}
            onClick={() => void run('reject')}
          >
            {t('sso:pending.reject')}
          </Button>
        </div>
      </td>
    </tr>
  );
}

/**
 * `/config/superadmin-section/sso-domains` (super administrators, not while acting as): the SSO
 * domains companies claimed and could not prove by DNS, to approve or reject.
 */
export function SsoDomainsPage() {
  const { t } = useTranslation(['sso']);
  const pending = useSsoPendingDomains();
  return (
    <section className="flex min-w-0 flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <div className="flex flex-col gap-1">
        <h2 className="text-lg font-semibold text-slate-900">{t('sso:pending.title')}</h2>
        <p className="text-sm text-slate-600">{t('sso:pending.description')}</p>
      </div>
      {pending.isPending ? (
        <Spinner className="min-h-32" label={t('sso:loading')} />
      ) : pending.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3">
          <p className="text-sm text-red-700">{t('sso:pending.load_error')}</p>
          <Button variant="outline" onClick={() => void pending.refetch()}>
            {t('sso:retry')}
          </Button>
        </div>
      ) : pending.data.data.length === 0 ? (
        <p className="text-sm text-slate-600">{t('sso:pending.empty')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t('sso:pending.title')}</caption>
            <thead>
              <tr className="text-xs uppercase text-slate-600">
                <th scope="col" className="px-3 py-2 font-medium">
                  {t('sso:pending.domain')}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t('sso:pending.company')}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t('sso:pending.claimed_on')}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  <span className="sr-only">{t('sso:pending.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {pending.data.data.map((claim) => (
                <PendingRow key={claim.id} claim={claim} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
