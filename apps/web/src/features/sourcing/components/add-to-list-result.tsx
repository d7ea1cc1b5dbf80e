import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TBulkOperation } from '@embauche/contracts/application-selection';
import { LiveBulkOperationSummary } from '../../../components/bulk-operation-summary.tsx';
import { useListOperation } from '../api/get-list-operation.ts';
import { sourcingListsKey } from '../api/sourcing-keys.ts';

/**
 * "Add to a list" of all that match (issue 42 part 2): its progress while the job runs, then how
 * many were added and how many skipped, by reason; the lists' counts are read again once it is over.
 */
export function AddToListResult({ operation }: { operation: TBulkOperation }) {
  const { t } = useTranslation('sourcing');
  const live = useListOperation(operation).data;
  const queryClient = useQueryClient();
  return (
    <LiveBulkOperationSummary
      operation={operation}
      live={live}
      onOver={() => {
        void queryClient.invalidateQueries({ queryKey: sourcingListsKey });
        void queryClient.invalidateQueries({ queryKey: ['recruitment-lists'] });
      }}
      texts={(live, skipped) => ({
        progress: t('sourcing:bulk.progress', { processed: live.processed, total: live.total }),
        progressLabel: t('sourcing:bulk.progress_label'),
        failed: t('sourcing:bulk.failed'),
        changed: t('sourcing:bulk.added', { count: live.changed }),
        skipped: t('sourcing:bulk.skipped', { count: skipped }),
        reason: (reason, count) => t('sourcing:bulk.reason', { count, reason: t(`sourcing:bulk.reasons.${reason}`, { defaultValue: reason }) }),
      })}
    />
  );
}
