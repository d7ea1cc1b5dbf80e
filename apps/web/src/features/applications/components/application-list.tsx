import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRowSelection } from '../../../lib/use-row-selection.ts';
import type { TApplicationItem, TStatus } from '@embauche/contracts/applications';
import { useChangeApplicationStatuses } from '../api/change-application-statuses.ts';
import { selectionFilters, useChangeSelectionStatus } from '../api/change-selection-status.ts';
import { useApplications } from '../api/get-applications.ts';
import type { useApplicationParams } from '../hooks/use-application-params.ts';
import { useListSelection } from '../hooks/use-select-all.ts';
import type { ApplicationPermissions } from '../lib/application-permissions.ts';
import type { MailingSlot, RefusalMailSlot } from '../lib/mailing-slot.ts';
import type { BookingSlot } from '../lib/booking-slot.ts';
import type { SmsSlot } from '../lib/sms-slot.ts';
import type { TransferSlot } from '../lib/transfer-slot.ts';
import { ApplicationBatchBar } from './application-batch-bar.tsx';
import { ApplicationResults } from './application-results.tsx';
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
  transfer?: TransferSlot;
  sms?: SmsSlot;
  mailing?: MailingSlot;
  refusalMail?: RefusalMailSlot | undefined;
  booking?: BookingSlot;
};

/** The list view: one page of applications, a selection kept across pages, and the batch actions. */
export function ApplicationList({ projectId, offerId, list, statuses, permissions, onStatusChange, onChanged, transfer, sms, mailing, refusalMail, booking }: Props) {
  const { t } = useTranslation('application');
  const bulk = useChangeApplicationStatuses('applications', onChanged);
  const query = useApplications(projectId, offerId, { page: list.params.page, order: list.params.order, filter: list.filter });
  const selection = useRowSelection<TApplicationItem>([offerId, list.filter]);
  // "Select all N that match": the whole filtered set, resolved on the server (issue 42 part 2).
  const listSelection = useListSelection(selection, [offerId, list.filter], query.data);
  const selectAll = listSelection.all;
  const bulkAll = useChangeSelectionStatus('applications', onChanged);
  const clearAll = listSelection.clear;
  const rowActions = !selectAll.all;
  // E-mail and SMS in "all" mode: to the whole filtered set, resolved on the server.
  const filters = selectionFilters({ filter: list.filter });
  const all = selectAll.all
    ? { selection: { ...selectAll.selection({ list: 'offer', project_id: projectId, offer_id: offerId, filters }), spontaneous: false }, count: selectAll.count }
    : undefined;
  const applicantIds = [...new Set(selection.rows.map((a) => a.applicant_id))];
  const [dialog, setDialog] = useState<'status' | 'duplicate' | 'transfer' | 'sms' | 'mailing' | 'booking' | null>(null);
  const close = (done: boolean) => {
    setDialog(null);
    if (done) clearAll();
  };
  return (
    <div className="flex flex-col gap-3">
      {listSelection.any ? (
        <ApplicationBatchBar
          count={selection.size}
          applicantIds={applicantIds}
          selectAll={listSelection.control}
          allSelection={all?.selection}
          onChangeStatus={permissions.changeStatus ? () => setDialog('status') : undefined}
          onDuplicate={permissions.duplicate && rowActions ? () => setDialog('duplicate') : undefined}
          onTransfer={transfer && rowActions ? () => setDialog('transfer') : undefined}
          onSms={sms ? () => setDialog('sms') : undefined}
          onEmail={mailing ? () => setDialog('mailing') : undefined}
          onBooking={booking && rowActions ? () => setDialog('booking') : undefined}
          onClear={clearAll}
        />
      ) : null}
      <ApplicationResults
        query={query}
        emptyTitle={list.active ? t('application:list.no_match') : t('application:list.empty')}
        onPage={list.setPage}
        caption={t('application:list.caption')}
        selected={listSelection.ids}
        onSelect={listSelection.select}
        statuses={statuses}
        onStatusChange={onStatusChange}
      />
      {dialog === 'status' ? (
        <BatchStatusDialog
          count={selectAll.all ? selectAll.count : selection.size}
          statuses={statuses}
          onSubmit={(statusId, motifId) =>
            selectAll.all
              ? bulkAll.mutateAsync({
                  selection: selectAll.selection({ list: 'offer', project_id: projectId, offer_id: offerId, filters }),
                  status_id: statusId,
                  motif_id: motifId,
                })
              : bulk.mutateAsync(selection.rows.map((a) => ({ application_id: a.id, status_id: statusId, motif_id: motifId })))
          }
          onRecount={selectAll.recount}
          onClose={close}
          refusalMail={selectAll.all ? undefined : refusalMail}
        />
      ) : null}
      {dialog === 'duplicate' ? (
        <DuplicateDialog projectId={projectId} offerId={offerId} applicantIds={applicantIds} onChanged={onChanged} onClose={close} />
      ) : null}
      {dialog === 'transfer' && transfer ? transfer(selection.rows, close) : null}
      {dialog === 'sms' && sms ? sms(all ? [] : selection.rows, close, all) : null}
      {dialog === 'mailing' && mailing ? mailing(all ? [] : selection.rows, close, all) : null}
      {dialog === 'booking' && booking ? booking(selection.rows, close) : null}
    </div>
  );
}
