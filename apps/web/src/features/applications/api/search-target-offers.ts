import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TOfferPage } from '@embauche/contracts/offers';
import { api } from '../../../lib/api-client.ts';

/** The offers the user sees (`GET /projects/all/offers`), searched by title: the duplicate's target picker. */
export function searchTargetOffers(search: string, signal?: AbortSignal): Promise<TOfferPage> {
  return api.get<TOfferPage>('/projects/all/offers', { signal, query: { page: 1, per_page: 20, sort: 'job_position', filter: { q: search } } });
}

export function targetOffersQueryOptions(search: string) {
  return queryOptions({
    queryKey: ['application-choices', 'target-offers', search] as const,
    queryFn: ({ signal }) => searchTargetOffers(search, signal),
    staleTime: 60 * 1000,
  });
}

export function useTargetOffers(search: string) {
  return useQuery({ ...targetOffersQueryOptions(search), placeholderData: keepPreviousData });
}
