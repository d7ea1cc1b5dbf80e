import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TBulkOperation } from '@embauche/contracts/application-selection';
import { LiveBulkOperationSummary } from '../../../components/bulk-operation-summary.tsx';
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
  const queryClient = useQueryClient();
  return (
    <LiveBulkOperationSummary
      operation={operation}
      live={live}
      onOver={() => invalidateListQueries(queryClient, listId)}
      texts={(live, skipped) => ({
        progress: t('sourcing:bulk.progress', { processed: live.processed, total: live.total }),
        progressLabel: t('sourcing:bulk.progress_label'),
        failed: t('sourcing:bulk.failed'),
        changed: t('sourcing:bulk.removed', { count: live.changed }),
        skipped: t('sourcing:bulk.skipped', { count: skipped }),
        reason: (reason, count) => t('sourcing:bulk.reason', { count, reason: t(`sourcing:bulk.reasons.${reason}`, { defaultValue: reason }) }),
      })}
    />
  );
}
