import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Briefcase, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useListFields } from '../../../lib/custom-fields/use-list-fields.ts';
import { useRowSelection } from '../../../lib/use-row-selection.ts';
import { useSelectAll } from '../../../lib/use-select-all.ts';
import type { TOfferListItem } from '@embauche/contracts/offers';
import type { TProjectRef } from '@embauche/contracts/projects';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PhoneFilters } from '../../../components/phone-filters.tsx';
import { useOffers } from '../api/get-offers.ts';
import type { OfferAction } from '../api/run-offer-action.ts';
import { offerSelectionFilters } from '../api/run-selection-action.ts';
import { useOfferListParams } from '../hooks/use-offer-list-params.ts';
import type { ProjectTarget } from './action-fields.tsx';
import { BatchActionBar } from './batch-action-bar.tsx';
import { ExportMenu } from './export-menu.tsx';
import { NewOfferDialog } from './new-offer-dialog.tsx';
import { OfferActionDialog } from './offer-action-dialog.tsx';
import { OfferFilters } from './offer-filters.tsx';
import { OfferTable } from './offer-table.tsx';

export type OfferPermissions = { create: boolean; edit: boolean; publish: boolean; archive: boolean; export: boolean };

type Props = {
  projectRef: TProjectRef;
  title: string;
  /** Shown above the title (breadcrumbs). */
  before?: ReactNode;
  /** Extra header actions (the project's own menu). */
  actions?: ReactNode;
  /** A leaf project takes new offers directly; elsewhere the user picks among `targets`. */
  createInProject?: number;
  targets: ProjectTarget[];
  permissions: OfferPermissions;
  hideStatusFilter?: boolean;
  onChanged?: () => void;
};

const ACTION_PERMISSION: Record<OfferAction, keyof OfferPermissions> = {
  publish: 'publish', unpublish: 'publish', archive: 'archive', draft: 'archive', move: 'edit',
};

/** An offer list (a project or a special list): URL filters, paging, selection, batch actions, export, creation. */
export function OfferList(props: Props) {
  const { projectRef, title, permissions, targets, onChanged } = props;
  // customFields: the columns' values (yes/no, the filter's words), loaded with the page.
  const { t } = useTranslation(['projects', 'common', 'customFields']);
  const navigate = useNavigate();
  const list = useOfferListParams();
  const offers = useOffers(projectRef, { page: list.params.page, sort: list.params.sort, filter: list.filter }, list.ready);
  const listFields = useListFields('offer');
  const selection = useRowSelection<TOfferListItem>([projectRef, list.filter]);
  const [action, setAction] = useState<OfferAction | null>(null);
  const [creating, setCreating] = useState(false);
  const page = offers.data;
  // "Select all N that match" (issue 42 part 2): every offer the list's filters hold, on the server.
  const selectAll = useSelectAll([projectRef, list.filter], page?.total);
  const pageIds = (page?.data ?? []).map((o) => o.id);
  const ticked = selectAll.all ? new Set(pageIds.filter(selectAll.isSelected)) : selection.ids;
  const tick = (rows: TOfferListItem[], on: boolean) => (selectAll.all ? selectAll.toggle(rows.map((r) => r.id), on) : selection.select(rows, on));
  const clearSelection = () => {
    selection.clear();
    selectAll.clear();
  };
  const allSelection = selectAll.all ? { selection: selectAll.selection({ filters: offerSelectionFilters(list.filter) }), count: selectAll.count, onRecount: selectAll.recount } : undefined;
  return (
    <div className="flex flex-col gap-5">
      {props.before}
      <PageHeader
        title={title}
        subtitle={page ? t('projects:counts.offers', { count: page.total }) : undefined}
        actions={
          <div className="flex flex-wrap gap-2">
            {props.actions}
            {permissions.export ? (
              <ExportMenu selectedIds={[...selection.ids]} project={projectRef} filter={list.filter} all={selectAll.all ? { count: selectAll.count, except: selectAll.except } : undefined} />
            ) : null}
            {permissions.create && (props.createInProject || targets.length) ? (
              <Button onClick={() => setCreating(true)}>
                <Plus aria-hidden="true" />
                {t('projects:new_offer.button')}
              </Button>
            ) : null}
          </div>
        }
      />
      <PhoneFilters count={list.activeCount} total={page?.total}>
        <OfferFilters list={list} hideStatus={props.hideStatusFilter} />
      </PhoneFilters>
      {selection.size || selectAll.all ? (
        <BatchActionBar
          count={selection.size}
          selectAll={{ active: selectAll.all, count: selectAll.count, matching: selectAll.matching, onSelectAll: () => (selection.clear(), selectAll.selectAll()) }}
          allowed={(a) => permissions[ACTION_PERMISSION[a]]}
          onAction={setAction}
          onClear={clearSelection}
        />
      ) : null}
      <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
        {offers.isPending ? <Spinner className="p-6" /> : null}
        {offers.isError ? <p role="alert" className="p-6 text-sm text-red-700">{t('common:error')}</p> : null}
        {page && page.data.length === 0 ? (
          <EmptyState icon={Briefcase} title={list.active ? t('projects:list.no_match') : t('projects:list.empty')} className="min-h-80" />
        ) : null}
        {page && page.data.length > 0 ? (
          <OfferTable offers={page.data} selected={ticked} onSelect={tick} onChanged={onChanged} caption={title} showProject={!props.createInProject} fields={listFields} />
        ) : null}
      </div>
      {page ? <Pagination page={page.current_page} lastPage={page.last_page} onChange={list.setPage} disabled={offers.isFetching} /> : null}
      {action ? (
        <OfferActionDialog
          action={action}
          offers={selection.rows}
          batchRef={projectRef}
          targets={targets}
          all={allSelection}
          onChanged={onChanged}
          onClose={(changed) => {
            setAction(null);
            if (changed) clearSelection();
          }}
        />
      ) : null}
      {creating ? (
        <NewOfferDialog
          projectId={props.createInProject}
          targets={targets}
          onChanged={onChanged}
          onClose={() => setCreating(false)}
          onCreated={(offer) => void navigate(`/projects/${offer.project_id}/offer/${offer.id}`)}
        />
      ) : null}
    </div>
  );
}
