import type { ReactNode } from 'react';
import { ShieldX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useApplicationCounts } from '../api/get-application-counts.ts';
import { useApplicationParams } from '../hooks/use-application-params.ts';
import { useStatusChange } from '../hooks/use-status-change.tsx';
import type { ApplicationPermissions } from '../lib/application-permissions.ts';
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
};

/** The offer's applications: filters in the URL, counts per status, a paged list or a board by status. */
export function ApplicationsTab({ projectId, offerId, permissions, onChanged, toolbarExtra }: Props) {
  const { t } = useTranslation('application');
  const list = useApplicationParams();
  const counts = useApplicationCounts(projectId, offerId, list.boardFilter);
  const change = useStatusChange(projectId, offerId, onChanged);
  if (!permissions.see) return <EmptyState icon={ShieldX} title={t('common:forbidden_access')} className="min-h-80" />;
  const onStatusChange = permissions.changeStatus ? change.request : undefined;
  const statuses = counts.data?.statuses ?? [];
  const visibleStatusIds = list.params.statuses?.map(Number) ?? null;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <ViewSwitch view={list.params.view} onChange={list.setView} />
          {counts.data ? (
            <p className="text-sm text-slate-700" aria-live="polite">
              {t('application:counts.total', { count: counts.data.total })}
            </p>
          ) : null}
        </div>
        {toolbarExtra ? <div className="flex flex-wrap gap-2">{toolbarExtra}</div> : null}
      </div>
      <ApplicationFilters list={list} />
      {counts.isPending ? <Spinner className="p-4" /> : null}
      {counts.isError ? <p role="alert" className="text-sm text-red-700">{t('common:error')}</p> : null}
      {counts.data && list.params.view === 'list' ? (
        <>
          <StatusCounts counts={counts.data} />
          <ApplicationList projectId={projectId} offerId={offerId} list={list} statuses={statuses} permissions={permissions} onStatusChange={onStatusChange} onChanged={onChanged} />
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
        />
      ) : null}
      {change.dialog}
    </div>
  );
}
