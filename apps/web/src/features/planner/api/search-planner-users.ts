import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TPlannerPerson } from '@embauche/contracts/planner';
import { api } from '../../../lib/api-client.ts';
import { plannerKey } from './planner-keys.ts';

/** `GET /planner/users?search=`: the company's active users matching the text (interviewers, colleagues). */
export function searchPlannerUsers(
  search: string,
  signal?: AbortSignal,
): Promise<TPlannerPerson[]> {
  return api.get<TPlannerPerson[]>('/planner/users', {
    signal,
    query: { search: search.trim() || null },
  });
}

export function plannerUsersQueryOptions(search: string) {
  return queryOptions({
    queryKey: [...plannerKey, 'users', search.trim()] as const,
    queryFn: ({ signal }) => searchPlannerUsers(search, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function usePlannerUsers(search: string) {
  return useQuery(plannerUsersQueryOptions(search));
}
