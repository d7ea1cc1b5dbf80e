import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TMyTaskPage } from '@embauche/contracts/onboarding';
import { api } from '../../../lib/api-client.ts';
import { myOnboardingTasksKey } from './onboarding-keys.ts';

export type MyTasksParams = { page: number; done: boolean | null };

/** `GET /onboarding/my-tasks?page&filter[done]`: the signed-in user's tasks across new hires, open first by due date. */
export function getMyOnboardingTasks(p: MyTasksParams, signal?: AbortSignal): Promise<TMyTaskPage> {
  return api.get<TMyTaskPage>('/onboarding/my-tasks', {
    signal,
    query: { page: p.page, filter: { done: p.done === null ? null : p.done ? 1 : 0 } },
  });
}

export function myOnboardingTasksQueryOptions(p: MyTasksParams) {
  return queryOptions({
    queryKey: [...myOnboardingTasksKey, p] as const,
    queryFn: ({ signal }) => getMyOnboardingTasks(p, signal),
    staleTime: 30 * 1000,
  });
}

export function useMyOnboardingTasks(p: MyTasksParams) {
  return useQuery({ ...myOnboardingTasksQueryOptions(p), placeholderData: keepPreviousData });
}
