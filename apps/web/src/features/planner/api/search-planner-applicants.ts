import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TPlannerApplicants } from '@embauche/contracts/planner';
import { api } from '../../../lib/api-client.ts';
import { plannerKey } from './planner-keys.ts';

/** An applicant the planner can attach, with their applications (the offer each is for). */
export type TPlannerApplicant = TPlannerApplicants[number];

/** `GET /planner/applicants?search=`: applicants of the user's projects matching the text (20 at most). */
export function searchPlannerApplicants(
  search: string,
  signal?: AbortSignal,
): Promise<TPlannerApplicant[]> {
  return api.get<TPlannerApplicant[]>('/planner/applicants', {
    signal,
    query: { search: search.trim() },
  });
}

export function plannerApplicantsQueryOptions(search: string) {
  return queryOptions({
    queryKey: [...plannerKey, 'applicants', search.trim()] as const,
    queryFn: ({ signal }) => searchPlannerApplicants(search, signal),
    placeholderData: keepPreviousData,
  });
}

/** Asked from two characters on. */
export function usePlannerApplicants(search: string) {
  return useQuery({ ...plannerApplicantsQueryOptions(search), enabled: search.trim().length >= 2 });
}
