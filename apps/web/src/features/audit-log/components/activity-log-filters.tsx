import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import { AUDIT_ACTIONS } from '@embauche/contracts/audit';
import { Button } from '../../../components/ui/button.tsx';
import { DateRangeFilter } from '../../../components/ui/date-range-filter.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import type { useActivityLogParams } from '../hooks/use-activity-log-params.ts';
import { actionLabel } from './audit-entry-parts.tsx';

type Props = {
  state: ReturnType<typeof useActivityLogParams>;
  /** The name of the person filtered on, when a row of the page shows it. */
  personName: string | null;
};

/** Action, text (name or e-mail of the person), days; the person chosen from a row shows as a chip. */
export function ActivityLogFilters({ state, personName }: Props) {
  const { t } = useTranslation(['audit', 'common']);
  const id = useId();
  const { params, set, reset, active } = state;
  const actions = [...AUDIT_ACTIONS].sort((a, b) => actionLabel(t, a).localeCompare(actionLabel(t, b)));
  return (
    <div role="search" aria-label={t('audit:filters.label')} className="flex flex-col gap-3">
      <div className="grid gap-3 @lg:grid-cols-2 @5xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto]">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-action`} className="text-sm font-medium text-slate-800">
            {t('audit:filters.action')}
          </label>
          <Select id={`${id}-action`} value={params.action ?? ''} onChange={(e) => set({ action: (e.target.value || null) as typeof params.action })}>
            <option value="">{t('audit:filters.all_actions')}</option>
            {actions.map((action) => (
              <option key={action} value={action}>
                {actionLabel(t, action)}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-q`} className="text-sm font-medium text-slate-800">
            {t('audit:filters.person')}
          </label>
          <Input id={`${id}-q`} type="search" value={params.q ?? ''} placeholder={t('audit:filters.person_placeholder')} onChange={(e) => set({ q: e.target.value || null })} />
        </div>
        <div className="@lg:col-span-2 @5xl:col-span-1">
          <DateRangeFilter legend={t('audit:filters.dates')} value={params.dates} onChange={(dates) => set({ dates })} />
        </div>
      </div>
      {(params.user !== null || active) && (
        <div className="flex flex-wrap items-center gap-2">
          {params.user !== null && (
            <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pl-3 pr-1 text-sm text-brand-800">
              {t('audit:filters.person_chip', { name: personName ?? `#${params.user}` })}
              <button
                type="button"
                className="rounded-full p-1 hover:bg-brand-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
                aria-label={t('audit:filters.remove_person')}
                onClick={() => set({ user: null })}
              >
                <X aria-hidden="true" className="size-3.5" />
              </button>
            </span>
          )}
          {active && (
            <Button variant="ghost" size="sm" onClick={reset}>
              {t('audit:filters.reset')}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
