import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TOfferImagePage } from '@embauche/contracts/offer-settings';
import { api } from '../../../lib/api-client.ts';
import { coverImageChoicesKey } from './career-site-keys.ts';

/** `GET /offer-images/choices`: the company's image bank, newest first, that the cover is picked from. */
export function getCoverImageChoices(signal?: AbortSignal): Promise<TOfferImagePage> {
  return api.get<TOfferImagePage>('/offer-images/choices', { query: { per_page: 100 }, signal });
}

export function coverImageChoicesQueryOptions() {
  return queryOptions({
    queryKey: coverImageChoicesKey,
    queryFn: ({ signal }) => getCoverImageChoices(signal),
    staleTime: 60_000,
  });
}

export function useCoverImageChoices() {
  return useQuery(coverImageChoicesQueryOptions());
}
