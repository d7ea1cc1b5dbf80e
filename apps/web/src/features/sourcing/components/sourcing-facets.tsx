import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PROVENANCES } from '@embauche/contracts/applicants';
import type { TSourcingFacets } from '@embauche/contracts/sourcing';
import { Button } from '../../../components/ui/button.tsx';
import { DateRangeFilter } from '../../../components/ui/date-range-filter.tsx';
import type { useSourcingParams } from '../hooks/use-sourcing-params.ts';
import { FacetGroup, type FacetOption } from './facet-group.tsx';

const PROVENANCE_NAMES = Object.fromEntries(Object.entries(PROVENANCES).map(([name, id]) => [id, name])) as Record<number, string>;

type Props = { facets: TSourcingFacets | undefined; search: ReturnType<typeof useSourcingParams>; statusName: (id: number) => string };

/** Counts without a value (no source, no application) cannot be chosen: the server filters on ids. */
function withIds<T extends { id: number | null; count: number }>(items: T[] | undefined, label: (item: T & { id: number }) => string): FacetOption[] {
  return (items ?? []).filter((i): i is T & { id: number } => i.id !== null).map((i) => ({ value: String(i.id), label: label(i), count: i.count }));
}

/** The facet panel: tags, source, job board, last status, last application's dates and CV, with their counts. */
export function SourcingFacets({ facets, search, statusName }: Props) {
  const { t } = useTranslation(['sourcing', 'applicant']);
  const { params, setFilter } = search;
  return (
    <div className="flex flex-col gap-3">
      <FacetGroup
        legend={t('sourcing:search.facets.tags')}
        options={(facets?.tags ?? []).map((tag) => ({ value: tag.name, label: tag.name, count: tag.count }))}
        value={params.tags}
        onChange={(v) => setFilter('tags', v)}
      />
      <FacetGroup
        legend={t('sourcing:search.facets.source')}
        options={withIds(facets?.source, (s) => (PROVENANCE_NAMES[s.id] ? t(`applicant:provenances.${PROVENANCE_NAMES[s.id]}`) : String(s.id)))}
        value={params.source}
        onChange={(v) => setFilter('source', v)}
      />
      <FacetGroup
        legend={t('sourcing:search.facets.job_board')}
        options={withIds(facets?.job_board, (b) => b.name ?? String(b.id))}
        value={params.job_board}
        onChange={(v) => setFilter('job_board', v)}
      />
      <FacetGroup
        legend={t('sourcing:search.facets.last_status')}
        options={withIds(facets?.last_status, (s) => statusName(s.id))}
        value={params.last_status}
        onChange={(v) => setFilter('last_status', v)}
      />
      <div className="border-t border-slate-200 pt-3">
        <DateRangeFilter legend={t('sourcing:search.facets.applied')} value={params.applied} onChange={(v) => setFilter('applied', v)} />
      </div>
      <FacetGroup
        legend={t('sourcing:search.facets.has_cv')}
        options={[
          { value: '1', label: t('sourcing:search.facets.with_cv'), count: facets?.has_cv.yes ?? 0 },
          { value: '0', label: t('sourcing:search.facets.without_cv'), count: facets?.has_cv.no ?? 0 },
        ]}
        value={params.has_cv}
        onChange={(v) => setFilter('has_cv', v)}
      />
      {search.active ? (
        <Button variant="ghost" onClick={search.resetFacets} className="self-start">
          <X aria-hidden="true" />
          {t('sourcing:search.reset')}
        </Button>
      ) : null}
    </div>
  );
}
