import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TOfferPage } from '@embauche/contracts/offers';
import { api } from '../../../lib/api-client.ts';
import { statisticsChoicesKey } from './statistics-keys.ts';

/** `GET /projects/all/offers?filter[q]`: the first offers the user sees matching a title, for the offer filter. */
export function searchStatisticsOffers(search: string, signal?: AbortSignal): Promise<TOfferPage> {
  return api.get<TOfferPage>('/projects/all/offers', {
    signal,
    query: { page: 1, per_page: 20, sort: 'job_position', filter: { q: search } },
  });
}

export function statisticsOffersQueryOptions(search: string) {
  return queryOptions({
    queryKey: [...statisticsChoicesKey, 'offers', search] as const,
    queryFn: ({ signal }) => searchStatisticsOffers(search, signal),
    staleTime: 60 * 1000,
  });
}

export function useStatisticsOffers(
  search: string,
  { enabled = true }: { enabled?: boolean } = {},
) {
  return useQuery({
    ...statisticsOffersQueryOptions(search),
    placeholderData: keepPreviousData,
    enabled,
  });
}
