import { useState } from 'react';
import { Inbox } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TApplicationItem } from '@embauche/contracts/applications';
import { PageHeader } from '../../../components/page-header.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { useStatuses } from '../../../lib/pipeline/get-statuses.ts';
import { useTreatmentApplications } from '../api/get-treatment-applications.ts';
import { TREATMENT_TABS, useTreatmentParams } from '../hooks/use-treatment-params.ts';
import { useTreatmentStatusChange } from '../hooks/use-treatment-status-change.tsx';
import { ApplicationBatchBar } from './application-batch-bar.tsx';
import { ApplicationTable } from './application-table.tsx';
import { BatchStatusDialog } from './batch-status-dialog.tsx';
import { TreatmentFilters } from './treatment-filters.tsx';

type Props = { canChangeStatus: boolean; onChanged?: () => void };

/** `/treatment`: applications to treat across offers, and spontaneous ones; filters in the URL, paging, bulk status change. */
export function TreatmentPage({ canChangeStatus, onChanged }: Props) {
  const { t } = useTranslation('application');
  const list = useTreatmentParams();
  const kind = list.params.tab;
  const query = useTreatmentApplications(kind, { page: list.params.page, sort: list.params.sort, filters: list.filters });
  const statuses = useStatuses();
  const change = useTreatmentStatusChange(kind, onChanged);
  const [selected, setSelected] = useState<Map<number, TApplicationItem>>(new Map());
  const [bulkOpen, setBulkOpen] = useState(false);
  const page = query.data;
  const select = (rows: TApplicationItem[], on: boolean) => {
    const next = new Map(selected);
    for (const row of rows) {
      if (on) next.set(row.id, row);
      else next.delete(row.id);
    }
    setSelected(next);
  };
  const chosen = [...selected.values()];
  return (
    <div className="flex flex-col gap-5">
      <PageHeader title={t('application:treatment.title')} subtitle={t('application:treatment.subtitle')} />
      <Tabs
        value={kind}
        onValueChange={(value) => {
          setSelected(new Map());
          list.setTab(value === 'spontaneous' ? 'spontaneous' : 'applications');
        }}
      >
        <TabsList aria-label={t('application:treatment.tabs_label')}>
          {TREATMENT_TABS.map((tab) => (
            <TabsTrigger key={tab} value={tab}>
              {t(`application:treatment.tabs.${tab}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        {TREATMENT_TABS.map((tab) => (
          <TabsContent key={tab} value={tab} className="flex flex-col gap-4">
            <TreatmentFilters list={list} />
            {page ? <p className="text-sm text-slate-700" aria-live="polite">{t('application:counts.total', { count: page.total })}</p> : null}
            {selected.size ? (
              <ApplicationBatchBar
                count={selected.size}
                applicantIds={[...new Set(chosen.map((a) => a.applicant_id))]}
                onChangeStatus={canChangeStatus ? () => setBulkOpen(true) : undefined}
                onClear={() => setSelected(new Map())}
              />
            ) : null}
            <div className="relative w-0 min-w-full overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
              {query.isPending ? <Spinner className="p-6" /> : null}
              {query.isError ? <p role="alert" className="p-6 text-sm text-red-700">{t('common:error')}</p> : null}
              {page && page.data.length === 0 ? (
                <EmptyState icon={Inbox} title={list.active ? t('application:list.no_match') : t('application:treatment.empty')} className="min-h-64" />
              ) : null}
              {page && page.data.length > 0 ? (
                <ApplicationTable
                  applications={page.data}
                  caption={t(`application:treatment.tabs.${tab}`)}
                  selected={new Set(selected.keys())}
                  onSelect={select}
                  statuses={statuses.data ?? []}
                  onStatusChange={canChangeStatus ? change.request : undefined}
                  showOffer={tab === 'applications'}
                />
              ) : null}
            </div>
            {page ? <Pagination page={page.current_page} lastPage={page.last_page} onChange={list.setPage} disabled={query.isFetching} /> : null}
          </TabsContent>
        ))}
      </Tabs>
      {bulkOpen ? (
        <BatchStatusDialog
          count={selected.size}
          statuses={statuses.data ?? []}
          onSubmit={(statusId, motifId) => change.mutation.mutateAsync(chosen.map((a) => ({ application_id: a.id, status_id: statusId, motif_id: motifId })))}
          onClose={(changed) => {
            setBulkOpen(false);
            if (changed) setSelected(new Map());
          }}
        />
      ) : null}
      {change.dialog}
    </div>
  );
}
