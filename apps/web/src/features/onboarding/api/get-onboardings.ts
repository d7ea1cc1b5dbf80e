import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TOnboardingPage } from '@embauche/contracts/onboarding';
import { api } from '../../../lib/api-client.ts';
import { onboardingListKey } from './onboarding-keys.ts';

/** The list's filters (the board's columns use them too, with a status each). */
export type OnboardingFilters = {
  search: string;
  subsidiaryId: number | null;
  managerId: number | null;
  /** `YYYY-MM`. */
  startMonth: string | null;
  statusId: number | null;
};

export type OnboardingsParams = OnboardingFilters & { page: number; perPage?: number };

/** The filters as the API reads them (`filter[subsidiary_id]`, …), shared by the list and the counts. */
export function onboardingFilterQuery(f: OnboardingFilters) {
  return {
    search: f.search || null,
    filter: {
      subsidiary_id: f.subsidiaryId,
      manager_id: f.managerId,
      start_month: f.startMonth,
      status_id: f.statusId,
    },
  };
}

/** `GET /onboardings?page&per_page&search&filter[…]`: the new hires, by start date. */
export function getOnboardings(p: OnboardingsParams, signal?: AbortSignal): Promise<TOnboardingPage> {
  return api.get<TOnboardingPage>('/onboardings', {
    signal,
    query: { page: p.page, per_page: p.perPage ?? null, ...onboardingFilterQuery(p) },
  });
}

export function onboardingsQueryOptions(p: OnboardingsParams) {
  return queryOptions({
    queryKey: [...onboardingListKey, p] as const,
    queryFn: ({ signal }) => getOnboardings(p, signal),
    staleTime: 30 * 1000,
  });
}

export function useOnboardings(p: OnboardingsParams, enabled = true) {
  return useQuery({ ...onboardingsQueryOptions(p), placeholderData: keepPreviousData, enabled });
}
