import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { cn } from '../../../lib/cn.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useSetSubsidiaryMode } from '../api/set-subsidiary-mode.ts';

/** The company's subsidiary mode as a switch (a button with `role="switch"`), saved at once. */
export function SubsidiaryModeSwitch({ on }: { on: boolean }) {
  const { t } = useTranslation('subsidiaries');
  const id = useId();
  const save = useSetSubsidiaryMode();
  const errorMessage = useApiErrorMessage();
  const toggle = () =>
    save.mutate(
      { subsidiary_mode: !on },
      {
        onSuccess: ({ subsidiary_mode }) => toast.success(t(subsidiary_mode ? 'subsidiaries:mode.turned_on' : 'subsidiaries:mode.turned_off')),
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  return (
    <section aria-labelledby={`${id}-label`} className="flex items-start justify-between gap-4 rounded-xl border border-slate-200 bg-white p-4">
      <div className="min-w-0">
        <h2 id={`${id}-label`} className="text-sm font-semibold text-slate-900">
          {t('subsidiaries:mode.label')}
        </h2>
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-700">
          {t('subsidiaries:mode.hint')}
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
        disabled={save.isPending}
        onClick={toggle}
        className={cn(
          'relative mt-0.5 inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 disabled:opacity-60',
          on ? 'bg-brand-600' : 'bg-slate-300',
        )}
      >
        <span aria-hidden="true" className={cn('inline-block size-5 rounded-full bg-white shadow transition-transform', on ? 'translate-x-5' : 'translate-x-0.5')} />
      </button>
    </section>
  );
}
