import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TOnboardingCounts } from '@embauche/contracts/onboarding';
import { api } from '../../../lib/api-client.ts';
import { onboardingFilterQuery, type OnboardingFilters } from './get-onboardings.ts';
import { onboardingCountsKey } from './onboarding-keys.ts';

/** `GET /onboardings/counts?search&filter[…]` (no status filter): the board's count per status. */
export function getOnboardingCounts(
  f: Omit<OnboardingFilters, 'statusId'>,
  signal?: AbortSignal,
): Promise<TOnboardingCounts> {
  return api.get<TOnboardingCounts>('/onboardings/counts', {
    signal,
    query: onboardingFilterQuery({ ...f, statusId: null }),
  });
}

export function onboardingCountsQueryOptions(f: Omit<OnboardingFilters, 'statusId'>) {
  return queryOptions({
    queryKey: [...onboardingCountsKey, f] as const,
    queryFn: ({ signal }) => getOnboardingCounts(f, signal),
    staleTime: 30 * 1000,
  });
}

export function useOnboardingCounts(f: Omit<OnboardingFilters, 'statusId'>, enabled = true) {
  return useQuery({ ...onboardingCountsQueryOptions(f), enabled });
}
