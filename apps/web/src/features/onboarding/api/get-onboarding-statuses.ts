import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TOnboardingStatus } from '@embauche/contracts/onboarding';
import { api } from '../../../lib/api-client.ts';
import { onboardingStatusesKey } from './onboarding-keys.ts';

/** `GET /onboarding/statuses`: the four system statuses and the company's own, in order. */
export function getOnboardingStatuses(signal?: AbortSignal): Promise<TOnboardingStatus[]> {
  return api.get<TOnboardingStatus[]>('/onboarding/statuses', { signal });
}

export function onboardingStatusesQueryOptions() {
  return queryOptions({
    queryKey: onboardingStatusesKey,
    queryFn: ({ signal }) => getOnboardingStatuses(signal),
    staleTime: 60 * 1000,
  });
}

export function useOnboardingStatuses() {
  return useQuery(onboardingStatusesQueryOptions());
}
