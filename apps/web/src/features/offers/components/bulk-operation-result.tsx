import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TBulkOperation } from '@embauche/contracts/application-selection';
import { LiveBulkOperationSummary } from '../../../components/bulk-operation-summary.tsx';
import { useOfferBulkOperation } from '../api/get-offer-bulk-operation.ts';
import { invalidateOfferQueries } from '../api/invalidate-offer-queries.ts';
import { failureReason } from '../lib/failure-reasons.ts';

/** A batch action on "all that match" (issue 42 part 2): its progress while the job runs, then what changed and what was skipped, by reason. */
export function OfferBulkResult({ operation, onOver }: { operation: TBulkOperation; onOver?: () => void }) {
  const { t } = useTranslation('projects');
  const live = useOfferBulkOperation(operation).data;
  const queryClient = useQueryClient();
  return (
    <LiveBulkOperationSummary
      operation={operation}
      live={live}
      // The list behind the dialog reloads once the job is over (it did when the job was queued).
      onOver={() => {
        void invalidateOfferQueries(queryClient);
        onOver?.();
      }}
      texts={(live, skipped) => ({
        progress: t('projects:batch.progress', { processed: live.processed, total: live.total }),
        progressLabel: t('projects:batch.progress_label'),
        failed: t('projects:batch.operation_failed'),
        changed: t('projects:batch.changed', { count: live.changed }),
        skipped: t('projects:batch.skipped', { count: skipped }),
        reason: (reason, count) => {
          const known = failureReason(reason);
          return t('projects:batch.skipped_reason', { count, reason: known ? t(`projects:failures.${known}`) : reason });
        },
      })}
    />
  );
}
