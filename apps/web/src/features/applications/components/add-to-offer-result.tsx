import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TBulkOperation } from '@embauche/contracts/application-selection';
import { LiveBulkOperationSummary } from '../../../components/bulk-operation-summary.tsx';
import { useCopyOperation } from '../api/get-copy-operation.ts';
import { invalidateApplicationQueries } from '../api/change-application-status.ts';

/**
 * "Add to an offer" of all that match (issue 42 part 2): its progress while the job runs, then how
 * many got an application and how many were skipped, by reason; the applications are read again
 * once it is over.
 */
export function AddToOfferResult({ operation, onOver }: { operation: TBulkOperation; onOver?: () => void }) {
  const { t } = useTranslation('application');
  const live = useCopyOperation(operation).data;
  const queryClient = useQueryClient();
  return (
    <LiveBulkOperationSummary
      operation={operation}
      live={live}
      onOver={() => {
        void invalidateApplicationQueries(queryClient);
        onOver?.();
      }}
      texts={(live, skipped) => ({
        progress: t('application:add_to_offer.progress', { processed: live.processed, total: live.total }),
        progressLabel: t('application:add_to_offer.progress_label'),
        failed: t('application:add_to_offer.failed'),
        changed: t('application:add_to_offer.added_all', { count: live.changed }),
        skipped: t('application:add_to_offer.skipped', { count: skipped }),
        reason: (reason, count) => t('application:add_to_offer.reason', { count, reason: t(`application:add_to_offer.reasons.${reason}`, { defaultValue: reason }) }),
      })}
    />
  );
}
