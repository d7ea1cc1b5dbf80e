import { useId, useState } from 'react';
import { Search, SlidersHorizontal, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { OFFER_STATUSES } from '@embauche/contracts/offers';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { useJobBoards } from '../../../lib/job-boards/get-job-boards.ts';
import { type ARCHIVED_CHOICES, SORT_CHOICES, type useOfferListParams } from '../hooks/use-offer-list-params.ts';
import { DateRangeFilter } from '../../../components/ui/date-range-filter.tsx';
import { CustomFieldFilter } from './custom-field-filter.tsx';

type Props = { list: ReturnType<typeof useOfferListParams>; hideStatus?: boolean };

/** Search, status, archived, alert, sort, and the advanced filters (dates, job board). */
export function OfferFilters({ list, hideStatus }: Props) {
  const { t } = useTranslation(['projects', 'common']);
  const id = useId();
  const { params, setFilter } = list;
  const [advanced, setAdvanced] = useState(Boolean(params.created_at || params.updated_at || params.closed_at || params.jobboard || params.custom_field));
  const jobBoards = useJobBoards();
  return (
    <div role="search" aria-label={t('projects:filters.label')} className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex min-w-56 flex-1 flex-col gap-1.5">
          <label htmlFor={`${id}-q`} className="text-sm font-medium text-slate-800">{t('projects:filters.search')}</label>
          <div className="relative">
            <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500" />
            <Input id={`${id}-q`} type="search" className="pl-9" value={params.q ?? ''} placeholder={t('projects:filters.search_placeholder')} onChange={(e) => setFilter('q', e.target.value)} />
          </div>
        </div>
        {hideStatus ? null : (
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-status`} className="text-sm font-medium text-slate-800">{t('projects:filters.status')}</label>
            <Select id={`${id}-status`} value={params.status?.[0] ?? ''} onChange={(e) => setFilter('status', e.target.value ? [e.target.value as (typeof OFFER_STATUSES)[number]] : null)}>
              <option value="">{t('projects:filters.all_statuses')}</option>
              {OFFER_STATUSES.map((status) => <option key={status} value={status}>{t(`projects:status.${status}`)}</option>)}
            </Select>
          </div>
        )}
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-archived`} className="text-sm font-medium text-slate-800">{t('projects:filters.archived')}</label>
          <Select id={`${id}-archived`} value={params.archived ?? ''} onChange={(e) => setFilter('archived', (e.target.value || null) as (typeof ARCHIVED_CHOICES)[number] | null)}>
            <option value="">{t('projects:filters.archived_no')}</option>
            <option value="true">{t('projects:filters.archived_yes')}</option>
            <option value="all">{t('projects:filters.archived_all')}</option>
          </Select>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-sort`} className="text-sm font-medium text-slate-800">{t('projects:filters.sort')}</label>
          <Select id={`${id}-sort`} value={params.sort ?? '-created_at'} onChange={(e) => setFilter('sort', e.target.value === '-created_at' ? null : (e.target.value as (typeof SORT_CHOICES)[number]))}>
            {SORT_CHOICES.map((sort) => <option key={sort} value={sort}>{t(`projects:sort.${sort.replace('-', 'desc_')}`)}</option>)}
          </Select>
        </div>
        <label className="flex h-10 items-center gap-2 text-sm text-slate-800">
          <Checkbox checked={params.alert === true} onChange={(e) => setFilter('alert', e.target.checked ? true : null)} />
          {t('projects:filters.alert')}
        </label>
        <Button variant="outline" aria-expanded={advanced} aria-controls={`${id}-advanced`} onClick={() => setAdvanced(!advanced)}>
          <SlidersHorizontal aria-hidden="true" />
          {t('projects:filters.more')}
        </Button>
        {list.active ? (
          <Button variant="ghost" onClick={list.reset}>
            <X aria-hidden="true" />
            {t('projects:filters.reset')}
          </Button>
        ) : null}
      </div>
      {advanced ? (
        <div id={`${id}-advanced`} className="grid gap-4 border-t border-slate-100 pt-3 md:grid-cols-2 xl:grid-cols-4">
          <DateRangeFilter legend={t('projects:filters.created_at')} value={params.created_at} onChange={(v) => setFilter('created_at', v)} />
          <DateRangeFilter legend={t('projects:filters.updated_at')} value={params.updated_at} onChange={(v) => setFilter('updated_at', v)} />
          <DateRangeFilter legend={t('projects:filters.closed_at')} value={params.closed_at} onChange={(v) => setFilter('closed_at', v)} />
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-jobboard`} className="text-sm font-medium text-slate-800">{t('projects:filters.jobboard')}</label>
            <Select id={`${id}-jobboard`} value={String(params.jobboard?.[0] ?? '')} onChange={(e) => setFilter('jobboard', e.target.value ? [Number(e.target.value)] : null)}>
              <option value="">{t('projects:filters.all_jobboards')}</option>
              {(jobBoards.data ?? []).map((board) => <option key={board.id} value={board.id}>{board.name}</option>)}
            </Select>
          </div>
          <CustomFieldFilter list={list} />
        </div>
      ) : null}
    </div>
  );
}
