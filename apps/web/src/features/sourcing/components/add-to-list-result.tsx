import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TBulkOperation } from '@embauche/contracts/application-selection';
import { BulkOperationSummary } from '../../../components/bulk-operation-summary.tsx';
import { useListOperation } from '../api/get-list-operation.ts';
import { sourcingListsKey } from '../api/sourcing-keys.ts';

/**
 * "Add to a list" of all that match (issue 42 part 2): its progress while the job runs, then how
 * many were added and how many skipped, by reason; the lists' counts are read again once it is over.
 */
export function AddToListResult({ operation }: { operation: TBulkOperation }) {
  const { t } = useTranslation('sourcing');
  const live = useListOperation(operation).data;
  const running = live.status === 'queued' || live.status === 'running';
  const queryClient = useQueryClient();
  const over = operation.status !== live.status && !running;
  useEffect(() => {
    if (!over) return;
    void queryClient.invalidateQueries({ queryKey: sourcingListsKey });
    void queryClient.invalidateQueries({ queryKey: ['recruitment-lists'] });
  }, [over, queryClient]);
  const skippedCount = Object.values(live.skipped).reduce((sum, n) => sum + n, 0);
  return (
    <BulkOperationSummary
      operation={live}
      texts={{
        progress: t('sourcing:bulk.progress', { processed: live.processed, total: live.total }),
        progressLabel: t('sourcing:bulk.progress_label'),
        failed: t('sourcing:bulk.failed'),
        changed: t('sourcing:bulk.added', { count: live.changed }),
        skipped: t('sourcing:bulk.skipped', { count: skippedCount }),
        reason: (reason, count) => t('sourcing:bulk.reason', { count, reason: t(`sourcing:bulk.reasons.${reason}`, { defaultValue: reason }) }),
      }}
    />
  );
}
