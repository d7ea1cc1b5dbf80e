import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubsidiaries } from '../../../lib/subsidiaries/get-subsidiaries.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
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
  const [offerSearch, setOfferSearch] = useState('');
  const [workSearch, setWorkSearch] = useState('');
  const onOffers = !list.spontaneous;
  // A page of choices each, searched as the user types: a company can have tens of thousands of offers.
  const offers = useTreatmentOffers({ search: useDebouncedValue(offerSearch, 300).trim() }, onOffers);
  const works = useTreatmentOffers({ search: useDebouncedValue(workSearch, 300).trim() }, onOffers);
  // The chosen offers keep their names while other choices are shown.
  const picked = onOffers ? (params.offers ?? []) : [];
  const chosen = useTreatmentOffers({ offers: picked }, picked.length > 0);
  const subsidiaries = useSubsidiaries();
  const choices = useChoiceOptions();
  const offerOptions = new Map(
    [...(picked.length ? (chosen.data?.data ?? []) : []), ...(offers.data?.data ?? [])].map((o) => [String(o.id), `${o.job_position} (${o.to_treat})`]),
  );
  const workOptions = [...new Set([...(params.works ?? []), ...(works.data?.data ?? []).map((o) => o.job_position)])];
  const searchIn = (label: string) => t('application:filters.search_in', { label });
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
      {onOffers ? (
        <>
          <MultiSelectFilter
            label={t('application:filters.offers')}
            options={[...offerOptions].map(([value, label]) => ({ value, label }))}
            value={params.offers}
            onChange={(v) => setFilter('offers', v)}
            search={{ value: offerSearch, onChange: setOfferSearch, label: searchIn(t('application:filters.offers')) }}
          />
          <MultiSelectFilter
            label={t('application:filters.works')}
            options={workOptions.map((w) => ({ value: w, label: w }))}
            value={params.works}
            onChange={(v) => setFilter('works', v)}
            search={{ value: workSearch, onChange: setWorkSearch, label: searchIn(t('application:filters.works')) }}
          />
        </>
      ) : null}
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
