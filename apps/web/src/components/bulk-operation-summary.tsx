import { useEffect, useEffectEvent, useId } from 'react';
import type { TBulkOperation } from '@embauche/contracts/application-selection';

/** What a summary says, in its list's words. */
export type BulkOperationTexts = {
  /** "N of M…" while the job runs. */
  progress: string;
  /** The progress bar's name. */
  progressLabel: string;
  failed: string;
  changed: string;
  skipped: string;
  /** One line per reason things were left as they were. */
  reason: (reason: string, count: number) => string;
};

/**
 * A change to "all that match" (issue 42 part 2, platform/jobs/bulk-operations.ts): its progress
 * while the job runs (a status line and a progress bar), then what changed and what was skipped, by
 * reason. The offers' and the applications' dialogs pass their own texts.
 */
export function BulkOperationSummary({ operation, texts }: { operation: TBulkOperation; texts: BulkOperationTexts }) {
  const id = useId();
  const running = operation.status === 'queued' || operation.status === 'running';
  const skipped = Object.entries(operation.skipped).filter(([, n]) => n > 0);
  return (
    <div className="flex flex-col gap-2 text-sm">
      <div role="status" className="flex flex-col gap-1">
        {running ? <p className="font-medium text-slate-900">{texts.progress}</p> : null}
        {operation.status === 'failed' ? <p className="text-red-700">{texts.failed}</p> : null}
        {!running ? <p className="font-medium text-emerald-800">{texts.changed}</p> : null}
        {!running && skipped.length ? (
          <>
            <p className="font-medium text-slate-800">{texts.skipped}</p>
            <ul className="list-disc pl-5 text-slate-700">
              {skipped.map(([reason, n]) => (
                <li key={reason}>{texts.reason(reason, n)}</li>
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
            aria-valuemax={operation.total}
            aria-valuenow={operation.processed}
            className="h-2.5 w-full overflow-hidden rounded-full bg-slate-200"
          >
            <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${operation.total ? (operation.processed / operation.total) * 100 : 100}%` }} />
          </div>
          <p id={`${id}-bar`} className="text-xs text-slate-600">
            {texts.progressLabel}
          </p>
        </div>
      ) : null}
    </div>
  );
}

/**
 * The summary of an operation read live (each list's own `use…Operation` hook polls it while the
 * job runs): `onOver` runs once when the operation the dialog started with is over (the lists behind
 * it reload); `texts` are the list's words for the live operation and its skipped count.
 */
export function LiveBulkOperationSummary({
  operation,
  live,
  onOver,
  texts,
}: {
  operation: TBulkOperation;
  live: TBulkOperation;
  onOver: () => void;
  texts: (live: TBulkOperation, skipped: number) => BulkOperationTexts;
}) {
  const running = live.status === 'queued' || live.status === 'running';
  const over = operation.status !== live.status && !running;
  const whenOver = useEffectEvent(onOver);
  useEffect(() => {
    if (over) whenOver();
  }, [over]);
  const skipped = Object.values(live.skipped).reduce((sum, n) => sum + n, 0);
  return <BulkOperationSummary operation={live} texts={texts(live, skipped)} />;
}
