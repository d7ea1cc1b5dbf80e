import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Search, SlidersHorizontal } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SOURCING_SORTS, type TSourcingApplicant } from '@embauche/contracts/sourcing';
import { PageHeader } from '../../../components/page-header.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import type { ApplicantActionSlot, ApplicantRef, ApplicantSelectionTarget } from '../../../lib/applicant-action-slot.ts';
import { cn } from '../../../lib/cn.ts';
import { useStatuses } from '../../../lib/pipeline/get-statuses.ts';
import { usePipelineLabels } from '../../../lib/pipeline/status-label.ts';
import { useRowSelection } from '../../../lib/use-row-selection.ts';
import { useSelectAll } from '../../../lib/use-select-all.ts';
import { useSourcingSearch } from '../api/search-sourcing.ts';
import { sourcingSearchKey } from '../api/sourcing-keys.ts';
import { useSourcingParams } from '../hooks/use-sourcing-params.ts';
import { sourcingSelectionFilters } from '../lib/selection-filters.ts';
import { AddToListDialog } from './add-to-list-dialog.tsx';
import { SourcingFacets } from './sourcing-facets.tsx';
import { SourcingResults } from './sourcing-results.tsx';
import { SourcingSelectionBar } from './sourcing-selection-bar.tsx';

type Props = {
  /** `project.list`: results offer "add to a list". */
  canAddToList: boolean;
  /** "Add to an offer", composed by the app for holders of `project_application.duplicate`. */
  addToOffer?: ApplicantActionSlot;
  /** One e-mail to each of the selection, composed by the app for holders of `project_application.email`. */
  mailing?: ApplicantActionSlot;
};

/** An open action: which dialog, on whom, and whether it came from the selection (cleared once done). */
type Action = { kind: 'list' | 'offer' | 'mailing'; applicants: ApplicantRef[]; fromSelection: boolean; all?: ApplicantSelectionTarget };

const refOf = (a: TSourcingApplicant): ApplicantRef => ({ id: a.id, name: `${a.firstname} ${a.lastname}`.trim() });

/** `/sourcing`: full-text search over the company's applicants, with facets; everything lives in the URL. */
export function SourcingPage({ canAddToList, addToOffer, mailing }: Props) {
  const { t } = useTranslation(['sourcing', 'config']);
  const id = useId();
  const search = useSourcingParams();
  const result = useSourcingSearch(search.request);
  const statuses = useStatuses();
  const labels = usePipelineLabels();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const queryClient = useQueryClient();
  const scope = [search.request.q, search.request.filter];
  const selection = useRowSelection<TSourcingApplicant>(scope);
  // "Select all N that match" (issue 42 part 2): every applicant the search matches, on the server.
  const all = useSelectAll(scope, result.data?.total);
  const [action, setAction] = useState<Action | null>(null);
  const selectable = canAddToList || Boolean(addToOffer) || Boolean(mailing);
  const open = (kind: Action['kind'], applicants: TSourcingApplicant[], fromSelection: boolean) =>
    setAction({ kind, applicants: applicants.map(refOf), fromSelection });
  /** The bar's action: on the ticked results, or on all that match (the search's words and filters). */
  const openSelection = (kind: Action['kind']) =>
    all.all
      ? setAction({
          kind,
          applicants: [],
          fromSelection: true,
          all: { applicantSelection: all.selection({ source: 'sourcing' as const, filters: sourcingSelectionFilters(search.request) }), count: all.count },
        })
      : open(kind, selection.rows, true);
  const clearSelection = () => {
    selection.clear();
    all.clear();
  };
  const ticked = all.all ? new Set((result.data?.data ?? []).map((a) => a.id).filter(all.isSelected)) : selection.ids;
  const tick = (rows: TSourcingApplicant[], on: boolean) => (all.all ? all.toggle(rows.map((r) => r.id), on) : selection.select(rows, on));
  const closeAction = (done: boolean) => {
    if (done && action?.fromSelection) clearSelection();
    // A new application changes the results' last applications.
    if (done && action?.kind === 'offer') void queryClient.invalidateQueries({ queryKey: sourcingSearchKey });
    setAction(null);
  };
  const statusName = (statusId: number) => {
    const status = statuses.data?.find((s) => s.id === statusId);
    return status ? labels.statusLabel(status) : String(statusId);
  };
  const total = result.data?.total;
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <PageHeader title={t('sourcing:title')} subtitle={t('sourcing:search.subtitle')} />
      <div role="search" aria-label={t('sourcing:search.label')} className="flex flex-wrap items-end gap-3">
        <div className="flex min-w-0 flex-[1_1_16rem] flex-col gap-1.5">
          <label htmlFor={`${id}-q`} className="text-sm font-medium text-slate-800">
            {t('sourcing:search.label')}
          </label>
          <div className="relative">
            <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500" />
            <Input
              id={`${id}-q`}
              type="search"
              className="pl-9"
              maxLength={200}
              value={search.params.q ?? ''}
              placeholder={t('sourcing:search.placeholder')}
              onChange={(e) => search.setFilter('q', e.target.value)}
            />
          </div>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-sort`} className="text-sm font-medium text-slate-800">
            {t('sourcing:search.sort')}
          </label>
          <Select id={`${id}-sort`} value={search.sort} onChange={(e) => search.setSort(e.target.value)}>
            {SOURCING_SORTS.map((value) => (
              <option key={value} value={value}>
                {t(`sourcing:search.sorts.${value}`)}
              </option>
            ))}
          </Select>
        </div>
        <Button variant="outline" className="lg:hidden" aria-expanded={filtersOpen} aria-controls={`${id}-facets`} onClick={() => setFiltersOpen((open) => !open)}>
          <SlidersHorizontal aria-hidden="true" />
          {t('sourcing:search.filters')}
        </Button>
      </div>
      <p className="text-sm text-slate-700" aria-live="polite">
        {total === undefined ? '\u00a0' : t('sourcing:search.total', { count: total })}
      </p>
      <div className="flex min-w-0 flex-col gap-4 lg:flex-row lg:items-start">
        <aside
          id={`${id}-facets`}
          aria-label={t('sourcing:search.filters')}
          className={cn('min-w-0 rounded-xl border border-slate-200 bg-white p-4 lg:block lg:w-72 lg:shrink-0', filtersOpen ? 'block' : 'hidden')}
        >
          <SourcingFacets facets={result.data?.facets} search={search} statusName={statusName} />
        </aside>
        <div className="flex min-w-0 flex-1 flex-col gap-3">
          {selectable && (selection.size > 0 || all.all) ? (
            <SourcingSelectionBar
              count={all.all ? all.count : selection.size}
              selectAll={{ active: all.all, matching: total ?? 0, onSelectAll: () => (selection.clear(), all.selectAll()) }}
              onAddToList={canAddToList ? () => openSelection('list') : undefined}
              onAddToOffer={addToOffer ? () => openSelection('offer') : undefined}
              onEmail={mailing ? () => openSelection('mailing') : undefined}
              onClear={clearSelection}
            />
          ) : null}
          <SourcingResults
            page={result.data}
            isPending={result.isPending}
            isError={result.isError}
            isFetching={result.isFetching}
            onRetry={() => void result.refetch()}
            narrowed={Boolean(search.request.q) || search.active}
            statusName={statusName}
            onPage={(page) => {
              search.setPage(page);
              window.scrollTo?.({ top: 0 });
            }}
            onAddToList={canAddToList ? (a) => open('list', [a], false) : undefined}
            onAddToOffer={addToOffer ? (a) => open('offer', [a], false) : undefined}
            selected={ticked}
            onSelect={selectable ? tick : undefined}
          />
        </div>
      </div>
      {action?.kind === 'list' ? <AddToListDialog applicants={action.applicants} all={action.all} onClose={closeAction} /> : null}
      {action?.kind === 'offer' && addToOffer ? addToOffer(action.applicants, closeAction, action.all) : null}
      {action?.kind === 'mailing' && mailing ? mailing(action.applicants, closeAction, action.all) : null}
    </div>
  );
}
