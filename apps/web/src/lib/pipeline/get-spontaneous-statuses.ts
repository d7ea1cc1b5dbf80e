import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TStatus } from '@embauche/contracts/applications';
import { api } from '../api-client.ts';

export const spontaneousStatusesKey = ['pipeline', 'spontaneous-statuses'] as const;

/** `GET /treatment/spontaneous/statuses`: the default workflow, that spontaneous applications follow. */
export function getSpontaneousStatuses(signal?: AbortSignal): Promise<TStatus[]> {
  return api.get<TStatus[]>('/treatment/spontaneous/statuses', { signal });
}

export function spontaneousStatusesQueryOptions(enabled = true) {
  return queryOptions({
    queryKey: spontaneousStatusesKey,
    queryFn: ({ signal }) => getSpontaneousStatuses(signal),
    enabled,
    staleTime: 5 * 60 * 1000,
    select: (statuses: TStatus[]) => [...statuses].sort((a, b) => a.position - b.position || a.id - b.id),
  });
}

export function useSpontaneousStatuses(enabled = true) {
  return useQuery(spontaneousStatusesQueryOptions(enabled));
}
