import { useState } from 'react';
import { Inbox } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TApplicationItem, TStatus } from '@embauche/contracts/applications';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useChangeApplicationStatuses } from '../api/change-application-statuses.ts';
import { useApplications } from '../api/get-applications.ts';
import type { useApplicationParams } from '../hooks/use-application-params.ts';
import type { ApplicationPermissions } from '../lib/application-permissions.ts';
import { ApplicationBatchBar } from './application-batch-bar.tsx';
import { ApplicationTable } from './application-table.tsx';
import { BatchStatusDialog } from './batch-status-dialog.tsx';
import { DuplicateDialog } from './duplicate-dialog.tsx';

type Props = {
  projectId: number;
  offerId: number;
  list: ReturnType<typeof useApplicationParams>;
  statuses: TStatus[];
  permissions: ApplicationPermissions;
  onStatusChange?: (application: TApplicationItem, status: TStatus) => void;
  onChanged?: () => void;
};

/** The list view: one page of applications, a selection kept across pages, and the batch actions. */
export function ApplicationList({ projectId, offerId, list, statuses, permissions, onStatusChange, onChanged }: Props) {
  const { t } = useTranslation('application');
  const bulk = useChangeApplicationStatuses('applications', onChanged);
  const query = useApplications(projectId, offerId, { page: list.params.page, order: list.params.order, filter: list.filter });
  const [selected, setSelected] = useState<Map<number, TApplicationItem>>(new Map());
  const [dialog, setDialog] = useState<'status' | 'duplicate' | null>(null);
  const page = query.data;
  const select = (rows: TApplicationItem[], on: boolean) => {
    const next = new Map(selected);
    for (const row of rows) {
      if (on) next.set(row.id, row);
      else next.delete(row.id);
    }
    setSelected(next);
  };
  const close = (done: boolean) => {
    setDialog(null);
    if (done) setSelected(new Map());
  };
  const chosen = [...selected.values()];
  return (
    <div className="flex flex-col gap-3">
      {selected.size ? (
        <ApplicationBatchBar
          count={selected.size}
          applicantIds={[...new Set(chosen.map((a) => a.applicant_id))]}
          onChangeStatus={permissions.changeStatus ? () => setDialog('status') : undefined}
          onDuplicate={permissions.duplicate ? () => setDialog('duplicate') : undefined}
          onClear={() => setSelected(new Map())}
        />
      ) : null}
      <div className="relative w-0 min-w-full overflow-x-auto rounded-xl border border-slate-200 bg-white">
        {query.isPending ? <Spinner className="p-6" /> : null}
        {query.isError ? <p role="alert" className="p-6 text-sm text-red-700">{t('common:error')}</p> : null}
        {page && page.data.length === 0 ? (
          <EmptyState icon={Inbox} title={list.active ? t('application:list.no_match') : t('application:list.empty')} className="min-h-64" />
        ) : null}
        {page && page.data.length > 0 ? (
          <ApplicationTable
            applications={page.data}
            caption={t('application:list.caption')}
            selected={new Set(selected.keys())}
            onSelect={select}
            statuses={statuses}
            onStatusChange={onStatusChange}
          />
        ) : null}
      </div>
      {page ? <Pagination page={page.current_page} lastPage={page.last_page} onChange={list.setPage} disabled={query.isFetching} /> : null}
      {dialog === 'status' ? (
        <BatchStatusDialog
          count={selected.size}
          statuses={statuses}
          onSubmit={(statusId, motifId) => bulk.mutateAsync(chosen.map((a) => ({ application_id: a.id, status_id: statusId, motif_id: motifId })))}
          onClose={close}
        />
      ) : null}
      {dialog === 'duplicate' ? (
        <DuplicateDialog projectId={projectId} offerId={offerId} applicantIds={[...new Set(chosen.map((a) => a.applicant_id))]} onChanged={onChanged} onClose={close} />
      ) : null}
    </div>
  );
}
