import { useTranslation } from 'react-i18next';
import { useSubsidiaries } from '../../../lib/subsidiaries/get-subsidiaries.ts';
import { useTreatmentOffers } from '../api/get-treatment-offers.ts';
import { useChoiceOptions } from '../hooks/use-choice-options.ts';
import type { useTreatmentParams } from '../hooks/use-treatment-params.ts';
import { ApplicationFilterPanel } from './application-filter-panel.tsx';
import { MultiSelectFilter } from './multi-select-filter.tsx';

type Props = { list: ReturnType<typeof useTreatmentParams> };

/** The treatment lists' filters (spec 2): the offer and job filters only on the applications tab. */
export function TreatmentFilters({ list }: Props) {
  const { t } = useTranslation('application');
  const { params, setFilter } = list;
  const offers = useTreatmentOffers();
  const subsidiaries = useSubsidiaries();
  const choices = useChoiceOptions();
  const works = [...new Set((offers.data ?? []).map((o) => o.job_position))];
  return (
    <ApplicationFilterPanel
      className="bg-white shadow-sm"
      search={params.search}
      onSearch={(v) => setFilter('search', v)}
      order={list.sort}
      onOrder={(v) => setFilter('sort', v)}
      scopeRange={params.scope_range}
      onScopeRange={(v) => setFilter('scope_range', v)}
      active={list.active}
      onReset={list.reset}
    >
      <MultiSelectFilter
        label={t('application:filters.statuses')}
        placeholder={t('application:treatment.to_treat_only')}
        options={choices.statuses}
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
      <MultiSelectFilter label={t('application:filters.job_boards')} options={choices.jobBoards} value={params.jobboards} onChange={(v) => setFilter('jobboards', v)} />
      <MultiSelectFilter label={t('application:filters.tests')} options={choices.tests} value={params.tests} onChange={(v) => setFilter('tests', v)} />
    </ApplicationFilterPanel>
  );
}
