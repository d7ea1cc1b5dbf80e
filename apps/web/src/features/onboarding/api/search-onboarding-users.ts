import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { onboardingKey } from './onboarding-keys.ts';

export type OnboardingUser = { id: number; name: string };

/**
 * `GET /onboarding/users?search=` (onboarding.access or config.onboarding): the company's active
 * users matching the text, for the manager, a task's owner and a step's responsible.
 */
export function searchOnboardingUsers(search: string, signal?: AbortSignal): Promise<OnboardingUser[]> {
  return api.get<OnboardingUser[]>('/onboarding/users', {
    signal,
    query: { search: search.trim() || null },
  });
}

export function onboardingUsersQueryOptions(search: string) {
  return queryOptions({
    queryKey: [...onboardingKey, 'users', search.trim()] as const,
    queryFn: ({ signal }) => searchOnboardingUsers(search, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useOnboardingUsers(search: string) {
  return useQuery(onboardingUsersQueryOptions(search));
}
