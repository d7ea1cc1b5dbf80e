import { useTranslation } from 'react-i18next';
import { History } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useActivityLogs } from '../api/get-activity-logs.ts';
import { useActivityLogParams } from '../hooks/use-activity-log-params.ts';
import { ActivityLogFilters } from './activity-log-filters.tsx';
import { ActivityLogList } from './activity-log-list.tsx';

/** Config page `activity-logs` (`config.activity_logs`): the company's audit trail, filtered and paged. */
export function ActivityLogsPage() {
  const { t } = useTranslation(['audit', 'common']);
  const state = useActivityLogParams();
  const logs = useActivityLogs(state.filter, state.page);
  const entries = logs.data?.data ?? [];
  const person = state.filter.user === null ? undefined : entries.find((e) => e.actor_user_id === state.filter.user)?.actor;
  return (
    <div className="@container flex flex-col gap-4 p-4 sm:p-6">
      <p className="text-sm text-slate-700">{t('audit:intro')}</p>
      <ActivityLogFilters state={state} personName={person ? `${person.firstname} ${person.lastname}` : null} />
      {logs.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label={t('common:loading')} />
        </div>
      ) : logs.isError ? (
        <div role="alert" className="flex flex-col items-center gap-3 py-16 text-center text-sm text-slate-700">
          <p>{t('audit:error')}</p>
          <Button variant="outline" size="sm" onClick={() => void logs.refetch()}>
            {t('audit:retry')}
          </Button>
        </div>
      ) : entries.length === 0 ? (
        <EmptyState
          icon={History}
          className="min-h-[280px]"
          headingLevel="h2"
          title={state.active ? t('audit:empty_filtered') : t('audit:empty')}
        />
      ) : (
        <>
          <p className="text-sm text-slate-700" aria-live="polite">
            {t('audit:total', { count: logs.data.total })}
          </p>
          <div className={logs.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined} aria-busy={logs.isFetching}>
            <ActivityLogList entries={entries} onFilterUser={(user) => state.set({ user })} />
          </div>
          <Pagination page={logs.data.current_page} lastPage={logs.data.last_page} onChange={state.setPage} disabled={logs.isPlaceholderData} />
        </>
      )}
    </div>
  );
}
