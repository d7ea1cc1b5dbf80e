import { useId } from 'react';
import { Search, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { useMotifs } from '../../../lib/pipeline/get-motifs.ts';
import { useStatuses } from '../../../lib/pipeline/get-statuses.ts';
import { usePipelineLabels } from '../../../lib/pipeline/status-label.ts';
import { useJobBoardChoices, useTestChoices } from '../api/get-filter-choices.ts';
import { APPLICATION_ORDERS, DEFAULT_APPLICATION_ORDER, type useApplicationParams } from '../hooks/use-application-params.ts';
import { DateRangeFilter } from '../../../components/ui/date-range-filter.tsx';
import { MultiSelectFilter } from './multi-select-filter.tsx';

type Props = { list: ReturnType<typeof useApplicationParams> };

/** The offer's application filters (spec 2): search, order, dates, statuses, motifs, job boards, tests. */
export function ApplicationFilters({ list }: Props) {
  const { t } = useTranslation('application');
  const id = useId();
  const { params, setFilter } = list;
  const labels = usePipelineLabels();
  const statuses = useStatuses();
  const motifs = useMotifs();
  const jobBoards = useJobBoardChoices();
  const tests = useTestChoices();
  return (
    <div role="search" aria-label={t('application:filters.label')} className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-slate-50/60 p-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex min-w-56 flex-1 flex-col gap-1.5">
          <label htmlFor={`${id}-search`} className="text-sm font-medium text-slate-800">
            {t('application:filters.search')}
          </label>
          <div className="relative">
            <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500" />
            <Input id={`${id}-search`} type="search" className="pl-9" value={params.search ?? ''} placeholder={t('application:filters.search_placeholder')} onChange={(e) => setFilter('search', e.target.value)} />
          </div>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-order`} className="text-sm font-medium text-slate-800">
            {t('application:filters.order')}
          </label>
          <Select id={`${id}-order`} value={params.order ?? DEFAULT_APPLICATION_ORDER} onChange={(e) => setFilter('order', e.target.value === DEFAULT_APPLICATION_ORDER ? null : e.target.value)}>
            {APPLICATION_ORDERS.map((order) => (
              <option key={order} value={order}>
                {t(`application:orders.${order.replace('-', 'desc_')}`)}
              </option>
            ))}
          </Select>
        </div>
        <DateRangeFilter legend={t('application:filters.scope_range')} value={params.scope_range} onChange={(v) => setFilter('scope_range', v)} />
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <MultiSelectFilter
          label={t('application:filters.statuses')}
          options={(statuses.data ?? []).map((s) => ({ value: String(s.id), label: labels.statusLabel(s) }))}
          value={params.statuses}
          onChange={(v) => setFilter('statuses', v)}
        />
        <MultiSelectFilter
          label={t('application:filters.motifs')}
          options={(motifs.data ?? []).map((m) => ({ value: String(m.id), label: labels.motifLabel(m) }))}
          value={params.motifs}
          onChange={(v) => setFilter('motifs', v)}
        />
        <MultiSelectFilter
          label={t('application:filters.job_boards')}
          options={(jobBoards.data ?? []).map((b) => ({ value: String(b.id), label: b.name }))}
          value={params.job_boards}
          onChange={(v) => setFilter('job_boards', v)}
        />
        <MultiSelectFilter
          label={t('application:filters.tests')}
          options={(tests.data ?? []).map((test) => ({ value: String(test.id), label: test.name }))}
          value={params.tests}
          onChange={(v) => setFilter('tests', v)}
        />
        {list.active ? (
          <Button variant="ghost" onClick={list.reset}>
            <X aria-hidden="true" />
            {t('application:filters.reset')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
