import type { QueryClient } from '@tanstack/react-query';

/** Every cached read of the onboarding area starts with this key. */
export const onboardingKey = ['onboarding'] as const;
export const onboardingProcessesKey = [...onboardingKey, 'processes'] as const;
export const onboardingProcessKey = (id: number) => [...onboardingProcessesKey, id] as const;
export const onboardingStatusesKey = [...onboardingKey, 'statuses'] as const;
export const onboardingListKey = [...onboardingKey, 'list'] as const;
export const onboardingCountsKey = [...onboardingKey, 'counts'] as const;
export const onboardingDetailKey = (id: number) => [...onboardingKey, 'detail', id] as const;
export const myOnboardingTasksKey = [...onboardingKey, 'my-tasks'] as const;
export const applicationOnboardingKey = (applicationId: number) =>
  [...onboardingKey, 'application', applicationId] as const;

/** After a change to an onboarding or a task: the lists, the board's counts, the details and "my tasks" reload. */
export function invalidateOnboardings(queryClient: QueryClient) {
  for (const queryKey of [
    onboardingListKey,
    onboardingCountsKey,
    [...onboardingKey, 'detail'],
    myOnboardingTasksKey,
    [...onboardingKey, 'application'],
  ])
    void queryClient.invalidateQueries({ queryKey });
}
