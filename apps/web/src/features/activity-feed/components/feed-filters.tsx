import { useId, useState } from 'react';
import { SlidersHorizontal } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FEED_CATEGORIES, type FeedCategory } from '@embauche/contracts/activity-feed';
import { Button } from '../../../components/ui/button.tsx';
import { DateRangeFilter } from '../../../components/ui/date-range-filter.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { cn } from '../../../lib/cn.ts';
import { useStatuses } from '../../../lib/pipeline/get-statuses.ts';
import { usePipelineLabels } from '../../../lib/pipeline/status-label.ts';
import { useSubsidiaries } from '../../../lib/subsidiaries/get-subsidiaries.ts';
import type { FeedTarget } from '../api/feed-query-keys.ts';
import { useFeedCategories } from '../api/get-feed-categories.ts';
import type { useFeedParams } from '../hooks/use-feed-params.ts';

type Props = { target: FeedTarget; params: ReturnType<typeof useFeedParams> };

/** Category chips with their counts, then period, subsidiary and status behind a "Filters" button. */
export function FeedFilters({ target, params }: Props) {
  const { t } = useTranslation(['activityFeed', 'common']);
  const id = useId();
  const { filter, set, reset, active } = params;
  const [open, setOpen] = useState(Boolean(filter.scope_range || filter.subsidiary?.length || filter.status?.length));
  const { category: _category, ...others } = filter;
  const categories = useFeedCategories(target, others);
  const counts = new Map(categories.data?.categories.map((c) => [c.category, c.count]));
  const selected = filter.category ?? [];
  const toggle = (category: FeedCategory) =>
    set('feed_category', selected.includes(category) ? selected.filter((c) => c !== category) : [...selected, category]);
  const chip = (pressed: boolean) =>
    cn(
      'inline-flex h-8 items-center gap-1.5 rounded-full border px-3 text-xs font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
      pressed ? 'border-brand-600 bg-brand-50 text-brand-900' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
    );
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label={t('activityFeed:filters.categories')}>
        <button type="button" aria-pressed={selected.length === 0} className={chip(selected.length === 0)} onClick={() => set('feed_category', null)}>
          {t('activityFeed:categories.all')}
          {categories.data ? <span className="text-slate-600">{categories.data.total}</span> : null}
        </button>
        {FEED_CATEGORIES.map((category) => (
          <button key={category} type="button" aria-pressed={selected.includes(category)} className={chip(selected.includes(category))} onClick={() => toggle(category)}>
            {t(`activityFeed:categories.${category}`)}
            {counts.has(category) ? <span className="text-slate-600">{counts.get(category)}</span> : null}
          </button>
        ))}
        <Button variant="ghost" size="sm" aria-expanded={open} aria-controls={`${id}-more`} onClick={() => setOpen((value) => !value)}>
          <SlidersHorizontal aria-hidden="true" />
          {t('activityFeed:filters.more')}
        </Button>
        {active ? (
          <Button variant="link" size="sm" onClick={reset}>
            {t('activityFeed:filters.reset')}
          </Button>
        ) : null}
      </div>
      <div id={`${id}-more`} hidden={!open} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {open ? <MoreFilters params={params} /> : null}
      </div>
    </div>
  );
}

function MoreFilters({ params }: { params: Props['params'] }) {
  const { t } = useTranslation(['activityFeed', 'common']);
  const id = useId();
  const { filter, set } = params;
  const subsidiaries = useSubsidiaries();
  const statuses = useStatuses();
  const labels = usePipelineLabels();
  return (
    <>
      <DateRangeFilter legend={t('activityFeed:filters.period')} value={filter.scope_range} onChange={(value) => set('feed_scope_range', value)} />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-subsidiary`} className="text-sm font-medium text-slate-800">
          {t('activityFeed:filters.subsidiary')}
        </label>
        <Select id={`${id}-subsidiary`} value={filter.subsidiary?.[0] ?? ''} onChange={(event) => set('feed_subsidiary', event.target.value ? [event.target.value] : null)}>
          <option value="">{t('activityFeed:filters.all_subsidiaries')}</option>
          {(subsidiaries.data ?? []).map((subsidiary) => (
            <option key={subsidiary.id} value={subsidiary.id}>
              {subsidiary.name}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-status`} className="text-sm font-medium text-slate-800">
          {t('activityFeed:filters.status')}
        </label>
        <Select id={`${id}-status`} value={filter.status?.[0] ?? ''} onChange={(event) => set('feed_status', event.target.value ? [event.target.value] : null)}>
          <option value="">{t('activityFeed:filters.all_statuses')}</option>
          {(statuses.data ?? []).map((status) => (
            <option key={status.id} value={status.id}>
              {labels.statusLabel(status)}
            </option>
          ))}
        </Select>
      </div>
    </>
  );
}
