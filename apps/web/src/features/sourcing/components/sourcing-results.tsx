import { SearchX, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TSourcingApplicant, TSourcingPage } from '@embauche/contracts/sourcing';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { SelectPageCheckbox } from '../../../components/ui/select-page-checkbox.tsx';
import { SourcingResultCard } from './sourcing-result-card.tsx';

type Props = {
  page: TSourcingPage | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  onRetry: () => void;
  /** Words or facets are set: an empty answer means "no result", not an empty base. */
  narrowed: boolean;
  statusName: (id: number) => string;
  onPage: (page: number) => void;
  onAddToList?: (applicant: TSourcingApplicant) => void;
  onAddToOffer?: (applicant: TSourcingApplicant) => void;
  /** The chosen results' ids (kept across pages). */
  selected: ReadonlySet<number>;
  /** Absent when no action applies to a selection: the cards have no checkbox. */
  onSelect?: (applicants: TSourcingApplicant[], on: boolean) => void;
};

/** Placeholder cards while the first answer loads. */
function ResultSkeleton() {
  const { t } = useTranslation('sourcing');
  return (
    <div role="status" aria-label={t('sourcing:search.loading')} className="flex flex-col gap-3">
      {[0, 1, 2, 3].map((i) => (
        <div key={i} aria-hidden="true" className="flex animate-pulse flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4">
          <div className="h-4 w-48 max-w-full rounded bg-slate-200" />
          <div className="h-3 w-64 max-w-full rounded bg-slate-100" />
          <div className="h-3 w-full rounded bg-slate-100" />
        </div>
      ))}
    </div>
  );
}

/** The results: skeleton, error, empty base or no result, else the cards and the pages. */
export function SourcingResults({ page, isPending, isError, isFetching, onRetry, narrowed, statusName, onPage, onAddToList, onAddToOffer, selected, onSelect }: Props) {
  const { t } = useTranslation('sourcing');
  if (isPending) return <ResultSkeleton />;
  if (isError || !page)
    return (
      <div role="alert" className="flex flex-col items-start gap-2 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        {t('sourcing:search.error')}
        <Button variant="outline" size="sm" onClick={onRetry}>
          {t('sourcing:search.retry')}
        </Button>
      </div>
    );
  if (page.data.length === 0)
    return narrowed ? (
      <EmptyState icon={SearchX} className="min-h-80" title={t('sourcing:search.no_result_title')} subtitle={t('sourcing:search.no_result_subtitle')} />
    ) : (
      <EmptyState icon={Users} className="min-h-80" title={t('sourcing:search.empty_title')} subtitle={t('sourcing:search.empty_subtitle')} />
    );
  return (
    <div className="flex flex-col gap-3" aria-busy={isFetching}>
      {onSelect ? (
        <label className="flex w-fit cursor-pointer items-center gap-2 px-4 text-sm text-slate-700">
          <SelectPageCheckbox items={page.data} selected={selected} onSelect={onSelect} label={t('sourcing:search.select_page')} />
          <span aria-hidden="true">{t('sourcing:search.select_page')}</span>
        </label>
      ) : null}
      <ul aria-label={t('sourcing:search.results')} className="flex flex-col gap-3">
        {page.data.map((applicant) => (
          <li key={applicant.id}>
            <SourcingResultCard
              applicant={applicant}
              statusName={statusName}
              onAddToList={onAddToList}
              onAddToOffer={onAddToOffer}
              selected={selected.has(applicant.id)}
              onSelect={onSelect ? (on) => onSelect([applicant], on) : undefined}
            />
          </li>
        ))}
      </ul>
      <Pagination page={page.current_page} lastPage={page.last_page} onChange={onPage} label={t('sourcing:search.pages')} />
    </div>
  );
}
