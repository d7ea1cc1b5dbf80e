import { useId, useState, type ReactNode } from 'react';
import { ListFilter, ShieldX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useApplicationCounts } from '../api/get-application-counts.ts';
import { MULTI_FILTERS, useApplicationParams } from '../hooks/use-application-params.ts';
import { useStatusChange } from '../hooks/use-status-change.tsx';
import type { ApplicationPermissions } from '../lib/application-permissions.ts';
import type { MailingSlot, RefusalMailSlot } from '../lib/mailing-slot.ts';
import type { BookingSlot } from '../lib/booking-slot.ts';
import type { SmsSlot } from '../lib/sms-slot.ts';
import type { TransferSlot } from '../lib/transfer-slot.ts';
import { ApplicationBoard } from './application-board.tsx';
import { ApplicationFilters } from './application-filters.tsx';
import { ApplicationList } from './application-list.tsx';
import { StatusCounts } from './status-counts.tsx';
import { ViewSwitch } from './view-switch.tsx';

type Props = {
  projectId: number;
  offerId: number;
  permissions: ApplicationPermissions;
  /** Refreshes what other areas show (offer, tree and dashboard counts) after a change. */
  onChanged?: () => void;
  /** Extra toolbar actions composed by the route (adding an applicant by hand). */
  toolbarExtra?: ReactNode;
  /** The transfer-by-e-mail dialog (composed by the route for holders of project_application.transfer). */
  transfer?: TransferSlot;
  /** The mass SMS dialog (composed by the route with the SMS feature and project_application.sms). */
  sms?: SmsSlot;
  /** The e-mail dialog (composed by the route for holders of project_application.email). */
  mailing?: MailingSlot;
  /** The refusal e-mail offered when the list's selection is refused. */
  refusalMail?: RefusalMailSlot | undefined;
  booking?: BookingSlot;
};

/** How many filters are set (search, dates, each multi-select with a choice). */
function activeFilterCount(params: ReturnType<typeof useApplicationParams>['params']): number {
  return (params.search?.trim() ? 1 : 0) + (params.scope_range ? 1 : 0) + MULTI_FILTERS.filter((key) => params[key]?.length).length;
}

/**
 * The offer's applications: filters in the URL, counts per status, a paged list or a board by status.
 * The filters fold behind a "Filters" button showing how many are set: folded on the board (which
 * then starts near the top and fills the window), unfolded on the list, until the user decides.
 */
export function ApplicationsTab({ projectId, offerId, permissions, onChanged, toolbarExtra, transfer, sms, mailing, refusalMail, booking }: Props) {
  // customFields: the custom values of rows and cards (yes/no…), loaded with the tab.
  const { t } = useTranslation(['application', 'customFields']);
  const panelId = useId();
  const list = useApplicationParams();
  const counts = useApplicationCounts(projectId, offerId, list.boardFilter);
  const change = useStatusChange(projectId, offerId, onChanged, refusalMail);
  const [filtersOpen, setFiltersOpen] = useState<boolean | null>(null);
  if (!permissions.see) return <EmptyState icon={ShieldX} title={t('common:forbidden_access')} className="min-h-80" />;
  const onStatusChange = permissions.changeStatus ? change.request : undefined;
  const statuses = counts.data?.statuses ?? [];
  const visibleStatusIds = list.params.statuses?.map(Number) ?? null;
  const showFilters = filtersOpen ?? list.params.view === 'list';
  const activeFilters = activeFilterCount(list.params);
  return (
    <div className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <ViewSwitch view={list.params.view} onChange={list.setView} />
          <Button variant={showFilters ? 'secondary' : 'outline'} size="sm" aria-expanded={showFilters} aria-controls={panelId} onClick={() => setFiltersOpen(!showFilters)}>
            <ListFilter aria-hidden="true" />
            {t('application:filters.toggle')}
            {activeFilters ? (
              <>
                <span aria-hidden="true" className="rounded-full bg-brand-600 px-1.5 text-xs font-semibold tabular-nums text-white">
                  {activeFilters}
                </span>
                <span className="sr-only">{`, ${t('application:filters.active_count', { count: activeFilters })}`}</span>
              </>
            ) : null}
          </Button>
          {counts.data ? (
            <p className="text-sm text-slate-700" aria-live="polite">
              {t('application:counts.total', { count: counts.data.total })}
            </p>
          ) : null}
        </div>
        {toolbarExtra ? <div className="flex flex-wrap gap-2">{toolbarExtra}</div> : null}
      </div>
      <ApplicationFilters list={list} id={panelId} hidden={!showFilters} />
      {counts.isPending ? <Spinner className="p-4" /> : null}
      {counts.isError ? <p role="alert" className="text-sm text-red-700">{t('common:error')}</p> : null}
      {counts.data && list.params.view === 'list' ? (
        <>
          <StatusCounts counts={counts.data} />
          <ApplicationList projectId={projectId} offerId={offerId} list={list} statuses={statuses} permissions={permissions} onStatusChange={onStatusChange} onChanged={onChanged} transfer={transfer} sms={sms} mailing={mailing} refusalMail={refusalMail} booking={booking} />
        </>
      ) : null}
      {counts.data && list.params.view === 'board' ? (
        <ApplicationBoard
          projectId={projectId}
          offerId={offerId}
          counts={counts.data}
          visibleStatusIds={visibleStatusIds}
          filter={list.boardFilter}
          order={list.order}
          onStatusChange={onStatusChange}
          transfer={transfer}
          sms={sms}
          mailing={mailing}
        />
      ) : null}
      {change.dialog}
    </div>
  );
}
