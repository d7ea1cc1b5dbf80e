import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZApplicationCounts } from '@embauche/contracts/applications';
import { api } from '../../../lib/api-client.ts';
import { offerCountsKey, type ApplicationFilter } from './application-query-keys.ts';

export type TApplicationCounts = z.infer<typeof ZApplicationCounts>;

/** `GET …/applications/counts`: every workflow status (pipeline order) with its count under the filters but `statuses`. */
export function getApplicationCounts(projectId: number, offerId: number, filter: ApplicationFilter, signal?: AbortSignal): Promise<TApplicationCounts> {
  return api.get<TApplicationCounts>(`/projects/${projectId}/offers/${offerId}/applications/counts`, { signal, query: { filter } });
}

export function applicationCountsQueryOptions(projectId: number, offerId: number, filter: ApplicationFilter) {
  return queryOptions({
    queryKey: [...offerCountsKey(projectId, offerId), filter] as const,
    queryFn: ({ signal }) => getApplicationCounts(projectId, offerId, filter, signal),
    staleTime: 5 * 60 * 1000,
    select: (counts: TApplicationCounts) => ({
      ...counts,
      statuses: [...counts.statuses].sort((a, b) => a.position - b.position || a.id - b.id),
    }),
  });
}

export function useApplicationCounts(projectId: number, offerId: number, filter: ApplicationFilter) {
  return useQuery({ ...applicationCountsQueryOptions(projectId, offerId, filter), placeholderData: keepPreviousData });
}
