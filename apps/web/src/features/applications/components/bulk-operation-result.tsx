import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TBulkOperation } from '@embauche/contracts/application-selection';
import { LiveBulkOperationSummary } from '../../../components/bulk-operation-summary.tsx';
import { invalidateApplicationQueries } from '../api/change-application-status.ts';
import { useBulkOperation } from '../api/get-bulk-operation.ts';

type Props = { operation: TBulkOperation };

/** A "select all that match" status change (issue 42 part 2): its progress while the job runs, then what changed and what was skipped, by reason. */
export function BulkOperationResult({ operation }: Props) {
  const { t } = useTranslation('application');
  const live = useBulkOperation(operation).data ?? operation;
  const queryClient = useQueryClient();
  return (
    <LiveBulkOperationSummary
      operation={operation}
      live={live}
      // The lists and counts behind the dialog reload once the job is over (they did when it was queued).
      onOver={() => void invalidateApplicationQueries(queryClient)}
      texts={(live, skipped) => ({
        progress: t('application:batch.progress', { processed: live.processed, total: live.total }),
        progressLabel: t('application:batch.progress_label'),
        failed: t('application:batch.operation_failed'),
        changed: t('application:batch.changed', { count: live.changed }),
        skipped: t('application:batch.skipped', { count: skipped }),
        reason: (reason, count) =>
          t('application:batch.skipped_reason', {
            count,
            reason: t(`application:batch.reasons.${reason}`, { defaultValue: t('application:batch.reasons.other') }),
          }),
      })}
    />
  );
}
