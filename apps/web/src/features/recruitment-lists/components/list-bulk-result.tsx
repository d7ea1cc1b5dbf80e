import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TBulkOperation } from '@embauche/contracts/application-selection';
import { BulkOperationSummary } from '../../../components/bulk-operation-summary.tsx';
import { useListBulkOperation } from '../api/get-list-bulk-operation.ts';
import { invalidateListQueries } from '../api/remove-recruitment-list-applicants.ts';

/**
 * A removal of "all that match" from a list (issue 42 part 2): its progress while the job runs,
 * then how many left the list and how many were skipped, by reason; the list and its count are
 * read again once it is over.
 */
export function ListBulkResult({ listId, operation }: { listId: number; operation: TBulkOperation }) {
  const { t } = useTranslation('sourcing');
  const live = useListBulkOperation(operation).data;
  const running = live.status === 'queued' || live.status === 'running';
  const queryClient = useQueryClient();
  const over = operation.status !== live.status && !running;
  useEffect(() => {
    if (over) invalidateListQueries(queryClient, listId);
  }, [over, queryClient, listId]);
  const skippedCount = Object.values(live.skipped).reduce((sum, n) => sum + n, 0);
  return (
    <BulkOperationSummary
      operation={live}
      texts={{
        progress: t('sourcing:bulk.progress', { processed: live.processed, total: live.total }),
        progressLabel: t('sourcing:bulk.progress_label'),
        failed: t('sourcing:bulk.failed'),
        changed: t('sourcing:bulk.removed', { count: live.changed }),
        skipped: t('sourcing:bulk.skipped', { count: skippedCount }),
        reason: (reason, count) => t('sourcing:bulk.reason', { count, reason: t(`sourcing:bulk.reasons.${reason}`, { defaultValue: reason }) }),
      }}
    />
  );
}
