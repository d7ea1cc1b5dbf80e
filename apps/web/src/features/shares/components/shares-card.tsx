import { useState } from 'react';
import { Link2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { TShare } from '@embauche/contracts/shares';
import { AlertDialog } from '../../../components/ui/alert-dialog.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useApplicantShares } from '../api/get-applicant-shares.ts';
import { useRevokeShare } from '../api/revoke-share.ts';

type Props = {
  applicantId: number;
  /** project_application.transfer: the revoke buttons. */
  canRevoke: boolean;
  /** The job position of an offer of the applicant's, naming an application's link. */
  offerLabel?: (offerId: number) => string | null;
  /** After a revocation (it writes an event in the applicant's feed). */
  onChanged?: () => void;
};

/** The applicant's open shared links (made on demand or sent by a transfer): what they open, to whom, until when, by whom. */
export function SharesCard({ applicantId, canRevoke, offerLabel, onChanged }: Props) {
  const { t, i18n } = useTranslation(['applicant', 'common']);
  const shares = useApplicantShares(applicantId);
  const revoke = useRevokeShare();
  const errorMessage = useApiErrorMessage();
  const [revoking, setRevoking] = useState<TShare | null>(null);
  const date = (value: string) => formatDate(value, 'date', i18n.language);
  const creatorOf = (share: TShare) => (share.created_by ? `${share.created_by.firstname} ${share.created_by.lastname}`.trim() : null);
  const kindOf = (share: TShare) => {
    if (share.type === 'applicant') return t('applicant:shares.type_applicant');
    const job = share.offer_id !== null ? offerLabel?.(share.offer_id) : null;
    return job ? t('applicant:shares.type_application_job', { job }) : t('applicant:shares.type_application');
  };
  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(
      { applicantId, shareId: revoking.id },
      {
        onSuccess: () => {
          toast.success(t('applicant:shares.revoked'));
          setRevoking(null);
          onChanged?.();
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  };
  return (
    <Card title={t('applicant:shares.title')} description={t('applicant:shares.description')}>
      {shares.isPending ? (
        <Spinner />
      ) : shares.isError ? (
        <p role="alert" className="text-sm text-red-700">{t('common:error')}</p>
      ) : !shares.data.length ? (
        <p className="text-sm text-slate-600">{t('applicant:shares.empty')}</p>
      ) : (
        <ul aria-label={t('applicant:shares.list')} className="flex flex-col divide-y divide-slate-100">
          {shares.data.map((share) => {
            const creator = creatorOf(share);
            const recipients = share.recipients.join(', ');
            const which = recipients
              ? t('applicant:shares.revoke_sent', { recipients })
              : t('applicant:shares.revoke_on_demand', { date: date(share.created_at) });
            return (
              <li key={share.id} className="flex flex-wrap items-start gap-3 py-3 first:pt-0 last:pb-0">
                <Link2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-500" />
                <div className="flex min-w-0 flex-1 basis-48 flex-col gap-1.5">
                  <p className="text-sm font-medium text-slate-900">{kindOf(share)}</p>
                  <ul aria-label={t('applicant:shares.sections')} className="flex flex-wrap gap-1">
                    {share.sections.map((section) => (
                      <li key={section}>
                        <Badge tone="info">{t(`applicant:share_sections.${section}`)}</Badge>
                      </li>
                    ))}
                  </ul>
                  <p className="break-words text-sm text-slate-700">
                    {recipients ? t('applicant:shares.sent_to', { recipients }) : t('applicant:shares.on_demand')}
                  </p>
                  <p className="text-xs text-slate-600">
                    {[
                      t('applicant:shares.expires', { date: date(share.expires_at) }),
                      creator ? t('applicant:shares.created_by', { name: creator, date: date(share.created_at) }) : t('applicant:shares.created', { date: date(share.created_at) }),
                    ].join(' · ')}
                  </p>
                </div>
                {canRevoke ? (
                  <Button variant="outline" size="sm" aria-label={which} onClick={() => setRevoking(share)}>
                    {t('applicant:shares.revoke')}
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      <AlertDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={t('applicant:shares.revoke_title')}
        description={t('applicant:shares.revoke_description')}
        confirmLabel={t('applicant:shares.revoke')}
        destructive
        loading={revoke.isPending}
        onConfirm={confirmRevoke}
      />
    </Card>
  );
}
