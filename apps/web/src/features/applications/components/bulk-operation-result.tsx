import { useEffect, useId } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TBulkOperation } from '@embauche/contracts/application-selection';
import { invalidateApplicationQueries } from '../api/change-application-status.ts';
import { useBulkOperation } from '../api/get-bulk-operation.ts';

type Props = { operation: TBulkOperation };

/** A "select all that match" status change (issue 42 part 2): its progress while the job runs, then what changed and what was skipped, by reason. */
export function BulkOperationResult({ operation }: Props) {
  const { t } = useTranslation('application');
  const id = useId();
  const live = useBulkOperation(operation).data ?? operation;
  const running = live.status === 'queued' || live.status === 'running';
  const queryClient = useQueryClient();
  // The lists and counts behind the dialog reload once the job is over (they did when it was queued).
  const over = operation.status !== live.status && !running;
  useEffect(() => {
    if (over) void invalidateApplicationQueries(queryClient);
  }, [over, queryClient]);
  const skipped = Object.entries(live.skipped).filter(([, n]) => n > 0);
  return (
    <div className="flex flex-col gap-2 text-sm">
      <div role="status" className="flex flex-col gap-1">
        {running ? (
          <p className="font-medium text-slate-900">{t('application:batch.progress', { processed: live.processed, total: live.total })}</p>
        ) : null}
        {live.status === 'failed' ? <p className="text-red-700">{t('application:batch.operation_failed')}</p> : null}
        {!running ? <p className="text-emerald-800">{t('application:batch.changed', { count: live.changed })}</p> : null}
        {!running && skipped.length ? (
          <>
            <p className="text-slate-800">{t('application:batch.skipped', { count: skipped.reduce((sum, [, n]) => sum + n, 0) })}</p>
            <ul className="list-disc pl-5 text-slate-700">
              {skipped.map(([reason, n]) => (
                <li key={reason}>
                  {t('application:batch.skipped_reason', {
                    count: n,
                    reason: t(`application:batch.reasons.${reason}`, { defaultValue: t('application:batch.reasons.other') }),
                  })}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
      {running ? (
        <div className="flex flex-col gap-1.5">
          <div
            role="progressbar"
            aria-labelledby={`${id}-bar`}
            aria-valuemin={0}
            aria-valuemax={live.total}
            aria-valuenow={live.processed}
            className="h-2.5 w-full overflow-hidden rounded-full bg-slate-200"
          >
            <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${live.total ? (live.processed / live.total) * 100 : 100}%` }} />
          </div>
          <p id={`${id}-bar`} className="text-xs text-slate-600">
            {t('application:batch.progress_label')}
          </p>
        </div>
      ) : null}
    </div>
  );
}
