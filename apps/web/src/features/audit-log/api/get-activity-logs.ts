import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TAuditLogPage } from '@embauche/contracts/audit';
import { api } from '../../../lib/api-client.ts';

export type ActivityLogFilter = {
  action: string | null;
  user: number | null;
  from: string | null;
  to: string | null;
  q: string | null;
};

/** `GET /activity-logs`: the company's audit trail, newest first (contracts/audit.ts). */
export function getActivityLogs(filter: ActivityLogFilter, page: number, signal?: AbortSignal): Promise<TAuditLogPage> {
  return api.get<TAuditLogPage>('/activity-logs', {
    signal,
    query: { page, filter: { action: filter.action, user: filter.user, from: filter.from, to: filter.to, q: filter.q } },
  });
}

export function activityLogsQueryOptions(filter: ActivityLogFilter, page: number) {
  return queryOptions({
    queryKey: ['activity-logs', filter, page] as const,
    queryFn: ({ signal }) => getActivityLogs(filter, page, signal),
    // The trail only grows: a page a few seconds old is still right, and the next one keeps the last in view.
    staleTime: 10_000,
    placeholderData: keepPreviousData,
  });
}

export function useActivityLogs(filter: ActivityLogFilter, page: number) {
  return useQuery(activityLogsQueryOptions(filter, page));
}
