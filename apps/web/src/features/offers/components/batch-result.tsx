import { CircleCheck, CircleX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TBatchResult } from '@embauche/contracts/offers';

/** Which offers changed and which could not, with the reason of each failure. */
export function BatchResult({ result, names }: { result: TBatchResult; names: ReadonlyMap<number, string> }) {
  const { t } = useTranslation('projects');
  const name = (id: number) => names.get(id) ?? `#${id}`;
  return (
    <div role="status" className="flex flex-col gap-3 text-sm">
      {result.changed.length ? (
        <div>
          <p className="flex items-center gap-1.5 font-medium text-emerald-800">
            <CircleCheck aria-hidden="true" className="size-4" />
            {t('projects:batch.changed', { count: result.changed.length })}
          </p>
          <ul className="ml-6 list-disc text-slate-700">
            {result.changed.map((id) => <li key={id}>{name(id)}</li>)}
          </ul>
        </div>
      ) : null}
      {result.failed.length ? (
        <div>
          <p className="flex items-center gap-1.5 font-medium text-red-800">
            <CircleX aria-hidden="true" className="size-4" />
            {t('projects:batch.failed', { count: result.failed.length })}
          </p>
          <ul className="ml-6 list-disc text-slate-700">
            {result.failed.map((failure) => (
              <li key={failure.id}>
                {t('projects:batch.failed_item', { name: name(failure.id), reason: t(`projects:failures.${failure.reason}`) })}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
