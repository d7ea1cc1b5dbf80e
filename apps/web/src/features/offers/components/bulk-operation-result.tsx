import { useEffect, useId } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TBulkOperation } from '@embauche/contracts/application-selection';
import { useOfferBulkOperation } from '../api/get-offer-bulk-operation.ts';
import { invalidateOfferQueries } from '../api/invalidate-offer-queries.ts';
import { failureReason } from '../lib/failure-reasons.ts';

/** A batch action on "all that match" (issue 42 part 2): its progress while the job runs, then what changed and what was skipped, by reason. */
export function OfferBulkResult({ operation, onOver }: { operation: TBulkOperation; onOver?: () => void }) {
  const { t } = useTranslation('projects');
  const id = useId();
  const live = useOfferBulkOperation(operation).data;
  const running = live.status === 'queued' || live.status === 'running';
  const queryClient = useQueryClient();
  // The list behind the dialog reloads once the job is over (it did when the job was queued).
  const over = operation.status !== live.status && !running;
  useEffect(() => {
    if (!over) return;
    void invalidateOfferQueries(queryClient);
    onOver?.();
  }, [over, queryClient, onOver]);
  const skipped = Object.entries(live.skipped).filter(([, n]) => n > 0);
  return (
    <div className="flex flex-col gap-2 text-sm">
      <div role="status" className="flex flex-col gap-1">
        {running ? <p className="font-medium text-slate-900">{t('projects:batch.progress', { processed: live.processed, total: live.total })}</p> : null}
        {live.status === 'failed' ? <p className="text-red-700">{t('projects:batch.operation_failed')}</p> : null}
        {!running ? <p className="font-medium text-emerald-800">{t('projects:batch.changed', { count: live.changed })}</p> : null}
        {!running && skipped.length ? (
          <>
            <p className="font-medium text-slate-800">{t('projects:batch.skipped', { count: skipped.reduce((sum, [, n]) => sum + n, 0) })}</p>
            <ul className="list-disc pl-5 text-slate-700">
              {skipped.map(([reason, n]) => {
                const known = failureReason(reason);
                return <li key={reason}>{t('projects:batch.skipped_reason', { count: n, reason: known ? t(`projects:failures.${known}`) : reason })}</li>;
              })}
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
          <p id={`${id}-bar`} className="text-xs text-slate-600">{t('projects:batch.progress_label')}</p>
        </div>
      ) : null}
    </div>
  );
}
