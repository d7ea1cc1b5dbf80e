import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TJobBoard } from '@embauche/contracts/offers';
import { api } from '../../../lib/api-client.ts';

export function getJobBoards(signal?: AbortSignal): Promise<TJobBoard[]> {
  return api.get<TJobBoard[]>('/projects/all/offers/jobboards', { signal });
}

/** The job-board catalogue (the list filter's choices); it rarely changes. */
export function jobBoardsQueryOptions() {
  return queryOptions({
    queryKey: ['offers', 'jobboards'] as const,
    queryFn: ({ signal }) => getJobBoards(signal),
    staleTime: 15 * 60 * 1000,
  });
}

export function useJobBoards() {
  return useQuery(jobBoardsQueryOptions());
}
