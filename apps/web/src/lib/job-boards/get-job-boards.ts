import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TJobBoard } from '@embauche/contracts/offers';
import { api } from '../api-client.ts';

/** `GET /projects/all/offers/jobboards`: the job-board catalogue (filters, postings, applicant sources). */
export function getJobBoards(signal?: AbortSignal): Promise<TJobBoard[]> {
  return api.get<TJobBoard[]>('/projects/all/offers/jobboards', { signal });
}

/** It rarely changes: kept fresh for 15 minutes. */
export function jobBoardsQueryOptions() {
  return queryOptions({
    queryKey: ['jobboards', 'catalogue'] as const,
    queryFn: ({ signal }) => getJobBoards(signal),
    staleTime: 15 * 60 * 1000,
  });
}

export function useJobBoards() {
  return useQuery(jobBoardsQueryOptions());
}
