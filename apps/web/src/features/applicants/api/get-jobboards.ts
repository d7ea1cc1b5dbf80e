import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TJobBoard } from '@embauche/contracts/offers';
import { api } from '../../../lib/api-client.ts';

/** The job-board catalogue, for the applicant's source. */
export function getJobBoards(signal?: AbortSignal): Promise<TJobBoard[]> {
  return api.get<TJobBoard[]>('/projects/all/offers/jobboards', { signal });
}

export function jobBoardsQueryOptions(enabled = true) {
  return queryOptions({
    queryKey: ['jobboards', 'catalogue'] as const,
    queryFn: ({ signal }) => getJobBoards(signal),
    staleTime: 15 * 60 * 1000,
    enabled,
  });
}

export function useJobBoards(enabled = true) {
  return useQuery(jobBoardsQueryOptions(enabled));
}
