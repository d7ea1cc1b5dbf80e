import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TJobBoard } from '@embauche/contracts/offers';
import { api } from '../../../lib/api-client.ts';

export type AssessmentTest = { id: number; name: string };

/** `GET /projects/all/offers/jobboards`: the job-board catalogue, the `job_boards` filter's choices. */
export function getJobBoardChoices(signal?: AbortSignal): Promise<TJobBoard[]> {
  return api.get<TJobBoard[]>('/projects/all/offers/jobboards', { signal });
}

/** `GET /assessment-tests`: the company's tests, the `tests` filter's choices. */
export function getTestChoices(signal?: AbortSignal): Promise<AssessmentTest[]> {
  return api.get<AssessmentTest[]>('/assessment-tests', { signal });
}

export function jobBoardChoicesQueryOptions() {
  return queryOptions({
    queryKey: ['application-choices', 'jobboards'] as const,
    queryFn: ({ signal }) => getJobBoardChoices(signal),
    staleTime: 15 * 60 * 1000,
  });
}

export function testChoicesQueryOptions() {
  return queryOptions({
    queryKey: ['application-choices', 'tests'] as const,
    queryFn: ({ signal }) => getTestChoices(signal),
    staleTime: 15 * 60 * 1000,
  });
}

export function useJobBoardChoices() {
  return useQuery(jobBoardChoicesQueryOptions());
}

export function useTestChoices() {
  return useQuery(testChoicesQueryOptions());
}
