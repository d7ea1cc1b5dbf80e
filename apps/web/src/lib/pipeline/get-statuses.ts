import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TStatus } from '@embauche/contracts/applications';
import { api } from '../api-client.ts';

export const statusesBaseKey = ['pipeline', 'statuses'] as const;

/** `GET /statuses`: the company's workflow, in pipeline order (by `position`). */
export function getStatuses(signal?: AbortSignal): Promise<TStatus[]> {
  return api.get<TStatus[]>('/statuses', { signal });
}

/** The workflow rarely changes: fresh for 15 minutes. The list comes sorted by position. */
export function statusesQueryOptions() {
  return queryOptions({
    queryKey: statusesBaseKey,
    queryFn: ({ signal }) => getStatuses(signal),
    staleTime: 15 * 60 * 1000,
    select: (statuses: TStatus[]) => [...statuses].sort((a, b) => a.position - b.position || a.id - b.id),
  });
}

export function useStatuses() {
  return useQuery(statusesQueryOptions());
}
