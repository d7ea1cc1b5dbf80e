import { useId } from 'react';
import { Search, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { useStatuses } from '../../../lib/pipeline/get-statuses.ts';
import { usePipelineLabels } from '../../../lib/pipeline/status-label.ts';
import { useSubsidiaries } from '../../../lib/subsidiaries/get-subsidiaries.ts';
import { useJobBoardChoices, useTestChoices } from '../api/get-filter-choices.ts';
import { useTreatmentOffers } from '../api/get-treatment-offers.ts';
import { DEFAULT_TREATMENT_SORT, TREATMENT_SORTS, type useTreatmentParams } from '../hooks/use-treatment-params.ts';
import { DateRangeFilter } from '../../../components/ui/date-range-filter.tsx';
import { MultiSelectFilter } from './multi-select-filter.tsx';

type Props = { list: ReturnType<typeof useTreatmentParams> };

/** The treatment lists' filters (spec 2): the offer and job filters only on the applications tab. */
export function TreatmentFilters({ list }: Props) {
  const { t } = useTranslation('application');
  const id = useId();
  const { params, setFilter } = list;
  const labels = usePipelineLabels();
  const statuses = useStatuses();
  const offers = useTreatmentOffers();
  const subsidiaries = useSubsidiaries();
  const jobBoards = useJobBoardChoices();
  const tests = useTestChoices();
  const works = [...new Set((offers.data ?? []).map((o) => o.job_position))];
  return (
    <div role="search" aria-label={t('application:filters.label')} className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
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
          <label htmlFor={`${id}-sort`} className="text-sm font-medium text-slate-800">
            {t('application:filters.order')}
          </label>
          <Select id={`${id}-sort`} value={list.sort} onChange={(e) => setFilter('sort', e.target.value === DEFAULT_TREATMENT_SORT ? null : e.target.value)}>
            {TREATMENT_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t(`application:orders.${sort.replace('-', 'desc_')}`)}
              </option>
            ))}
          </Select>
        </div>
        <DateRangeFilter legend={t('application:filters.scope_range')} value={params.scope_range} onChange={(v) => setFilter('scope_range', v)} />
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <MultiSelectFilter
          label={t('application:filters.statuses')}
          placeholder={t('application:treatment.to_treat_only')}
          options={(statuses.data ?? []).map((s) => ({ value: String(s.id), label: labels.statusLabel(s) }))}
          value={params.statuses}
          onChange={(v) => setFilter('statuses', v)}
        />
        {list.spontaneous ? null : (
          <>
            <MultiSelectFilter
              label={t('application:filters.offers')}
              options={(offers.data ?? []).map((o) => ({ value: String(o.id), label: `${o.job_position} (${o.to_treat})` }))}
              value={params.offers}
              onChange={(v) => setFilter('offers', v)}
            />
            <MultiSelectFilter label={t('application:filters.works')} options={works.map((w) => ({ value: w, label: w }))} value={params.works} onChange={(v) => setFilter('works', v)} />
          </>
        )}
        {subsidiaries.data?.length ? (
          <MultiSelectFilter
            label={t('application:filters.subsidiaries')}
            options={subsidiaries.data.map((s) => ({ value: String(s.id), label: s.name }))}
            value={params.subsidiaries}
            onChange={(v) => setFilter('subsidiaries', v)}
          />
        ) : null}
        <MultiSelectFilter
          label={t('application:filters.job_boards')}
          options={(jobBoards.data ?? []).map((b) => ({ value: String(b.id), label: b.name }))}
          value={params.jobboards}
          onChange={(v) => setFilter('jobboards', v)}
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
