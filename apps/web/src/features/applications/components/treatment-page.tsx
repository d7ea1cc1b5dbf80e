import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TApplicationItem } from '@embauche/contracts/applications';
import { useRowSelection } from '../../../lib/use-row-selection.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { PhoneFilters } from '../../../components/phone-filters.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { selectionFilters, useChangeSelectionStatus } from '../api/change-selection-status.ts';
import { useTreatmentApplications } from '../api/get-treatment-applications.ts';
import { TREATMENT_TABS, useTreatmentParams } from '../hooks/use-treatment-params.ts';
import { useListSelection } from '../hooks/use-select-all.ts';
import { useTreatmentStatusChange } from '../hooks/use-treatment-status-change.tsx';
import { useTreatmentWorkflows } from '../hooks/use-treatment-workflows.ts';
import type { MailingSlot, RefusalMailSlot } from '../lib/mailing-slot.ts';
import type { TransferSlot } from '../lib/transfer-slot.ts';
import { ApplicationBatchBar } from './application-batch-bar.tsx';
import { ApplicationResults } from './application-results.tsx';
import { BatchStatusDialog } from './batch-status-dialog.tsx';
import { TreatmentFilters } from './treatment-filters.tsx';

type Props = {
  canChangeStatus: boolean;
  /** project_application.see_spontaneous: without it the spontaneous tab is not offered. */
  canSeeSpontaneous: boolean;
  onChanged?: () => void;
  /** The transfer-by-e-mail dialog (composed by the route for holders of project_application.transfer). */
  transfer?: TransferSlot;
  /** The e-mail dialog (composed by the route for holders of project_application.email). */
  mailing?: MailingSlot;
  /** The refusal e-mail offered when the selection is refused. */
  refusalMail?: RefusalMailSlot | undefined;
};

/** `/treatment`: applications to treat across offers, and spontaneous ones; filters in the URL, paging, bulk status change. */
export function TreatmentPage({ canChangeStatus, canSeeSpontaneous, onChanged, transfer, mailing, refusalMail }: Props) {
  const { t } = useTranslation('application');
  const list = useTreatmentParams();
  const tabs = canSeeSpontaneous ? TREATMENT_TABS : TREATMENT_TABS.filter((tab) => tab !== 'spontaneous');
  const kind = canSeeSpontaneous ? list.params.tab : 'applications';
  const query = useTreatmentApplications(kind, { page: list.params.page, sort: list.params.sort, filters: list.filters });
  const change = useTreatmentStatusChange(kind, onChanged, refusalMail);
  const selection = useRowSelection<TApplicationItem>([kind, list.filters]);
  // "Select all N that match": the whole filtered list, resolved on the server (issue 42 part 2).
  const listSelection = useListSelection(selection, [kind, list.filters], query.data);
  const selectAll = listSelection.all;
  const clearAll = listSelection.clear;
  const bulkAll = useChangeSelectionStatus(kind, onChanged);
  // Each row's menu lists its offer's workflow; the bulk change, the selection's common statuses
  // ("all that match": the page's, the server skipping, with its reason, a status out of a workflow).
  const workflows = useTreatmentWorkflows(kind, query.data?.data ?? [], selectAll.all ? (query.data?.data ?? []) : selection.rows);

  const applicantIds = [...new Set(selection.rows.map((a) => a.applicant_id))];
  // "All that match" as the server takes it (e-mail, CVs).
  const allSelection = selectAll.all
    ? { ...selectAll.selection({ list: 'treatment', filters: selectionFilters(list.filters) }), spontaneous: kind === 'spontaneous' }
    : undefined;
  const [bulkOpen, setBulkOpen] = useState(false);
  const [transferOpen, setTransferOpen] = useState(false);
  const [mailingOpen, setMailingOpen] = useState(false);
  const page = query.data;
  return (
    <div className="flex flex-col gap-5">
      <PageHeader
        title={t('application:treatment.title')}
        subtitle={t(canSeeSpontaneous ? 'application:treatment.subtitle' : 'application:treatment.subtitle_offers_only')}
      />
      <Tabs
        value={kind}
        onValueChange={(value) => {
          clearAll();
          list.setTab(value === 'spontaneous' ? 'spontaneous' : 'applications');
        }}
      >
        <TabsList aria-label={t('application:treatment.tabs_label')}>
          {tabs.map((tab) => (
            <TabsTrigger key={tab} value={tab}>
              {t(`application:treatment.tabs.${tab}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        {tabs.map((tab) => (
          <TabsContent key={tab} value={tab} className="flex flex-col gap-4">
            <PhoneFilters count={list.activeCount} total={page?.total}>
              <TreatmentFilters list={list} />
            </PhoneFilters>
            {page ? <p className="text-sm text-slate-700" aria-live="polite">{t('application:counts.total', { count: page.total })}</p> : null}
            {listSelection.any ? (
              <ApplicationBatchBar
                count={selection.size}
                applicantIds={applicantIds}
                selectAll={listSelection.control}
                allSelection={allSelection}
                onChangeStatus={canChangeStatus ? () => setBulkOpen(true) : undefined}
                onTransfer={transfer && !selectAll.all ? () => setTransferOpen(true) : undefined}
                onEmail={mailing ? () => setMailingOpen(true) : undefined}
                onClear={clearAll}
              />
            ) : null}
            <ApplicationResults
              className="shadow-sm"
              query={query}
              emptyTitle={list.active ? t('application:list.no_match') : t('application:treatment.empty')}
              onPage={list.setPage}
              caption={t(`application:treatment.tabs.${tab}`)}
              selected={listSelection.ids}
              onSelect={listSelection.select}
              statuses={workflows.statusesOf}
              onStatusChange={canChangeStatus ? change.request : undefined}
              showOffer={tab === 'applications'}
            />
          </TabsContent>
        ))}
      </Tabs>
      {bulkOpen ? (
        <BatchStatusDialog
          count={selectAll.all ? selectAll.count : selection.size}
          statuses={workflows.common}
          hint={workflows.loading ? null : !workflows.common.length ? t('application:batch.no_common_status') : workflows.mixed ? t('application:batch.common_statuses') : null}
          onSubmit={(statusId, motifId) =>
            selectAll.all
              ? bulkAll.mutateAsync({ selection: selectAll.selection({ list: 'treatment', filters: selectionFilters(list.filters) }), status_id: statusId, motif_id: motifId })
              : change.mutation.mutateAsync(selection.rows.map((a) => ({ application_id: a.id, status_id: statusId, motif_id: motifId })))
          }
          onRecount={selectAll.recount}
          onClose={(changed) => {
            setBulkOpen(false);
            if (changed) clearAll();
          }}
          refusalMail={selectAll.all ? undefined : refusalMail}
        />
      ) : null}
      {transferOpen && transfer
        ? transfer(selection.rows, (sent) => {
            setTransferOpen(false);
            if (sent) selection.clear();
          })
        : null}
      {mailingOpen && mailing
        ? mailing(
            selectAll.all ? [] : selection.rows,
            (sent) => {
              setMailingOpen(false);
              if (sent) clearAll();
            },
            // "All that match": the whole filtered list, resolved on the server.
            allSelection ? { selection: allSelection, count: selectAll.count } : undefined,
          )
        : null}
      {change.dialog}
    </div>
  );
}
