import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { TDashboardOfferPage } from '@embauche/contracts/dashboard';
import { DASHBOARD_PAGE_SIZE } from '@embauche/contracts/dashboard-page-size';
import { api } from '../../../lib/api-client.ts';

/** The four dashboard calls differ only by their path (spec 7 "Applications and dashboard"). */
export const DASHBOARD_LISTS = {
  latest: '/dashboard/offers/latest',
  favorites: '/dashboard/offers/favorites',
  alerts: '/dashboard/offers/alerts',
  untreated: '/dashboard/offers/alerts/untreated',
} as const;
export type DashboardList = keyof typeof DASHBOARD_LISTS;

export const dashboardBaseKey = ['dashboard', 'offers'] as const;

export function getDashboardOffers(list: DashboardList, page: number, signal?: AbortSignal): Promise<TDashboardOfferPage> {
  return api.get<TDashboardOfferPage>(DASHBOARD_LISTS[list], { signal, query: { page, per_page: DASHBOARD_PAGE_SIZE } });
}

export function dashboardOffersQueryOptions(list: DashboardList, page: number) {
  return queryOptions({
    queryKey: [...dashboardBaseKey, list, page] as const,
    queryFn: ({ signal }) => getDashboardOffers(list, page, signal),
    // The first page is asked for while the screen's code downloads (prefetchDashboardOffers): the
    // lists mounting a moment later use it rather than asking again. Changes invalidate them.
    staleTime: 5_000,
  });
}

export function useDashboardOffers(list: DashboardList, page: number) {
  return useQuery({ ...dashboardOffersQueryOptions(list, page), placeholderData: keepPreviousData });
}

/** The first page of the four lists, asked for while the dashboard's code is still downloading. */
export function prefetchDashboardOffers(queryClient: QueryClient): Promise<unknown> {
  return Promise.all((Object.keys(DASHBOARD_LISTS) as DashboardList[]).map((list) => queryClient.prefetchQuery(dashboardOffersQueryOptions(list, 1))));
}
