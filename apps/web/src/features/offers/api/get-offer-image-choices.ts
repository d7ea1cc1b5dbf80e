import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TOfferImagePage } from '@embauche/contracts/offer-settings';
import { api } from '../../../lib/api-client.ts';

/** Also named by the image bank config page (features/offer-settings), which refreshes it. */
export const offerImageChoicesKey = ['offers', 'image-choices'] as const;

/** `GET /offer-images/choices`: the company's bank, newest first, that the offer form picks from. */
export function getOfferImageChoices(signal?: AbortSignal): Promise<TOfferImagePage> {
  return api.get<TOfferImagePage>('/offer-images/choices', { query: { per_page: 100 }, signal });
}

export function offerImageChoicesQueryOptions() {
  return queryOptions({
    queryKey: offerImageChoicesKey,
    queryFn: ({ signal }) => getOfferImageChoices(signal),
    staleTime: 60_000,
  });
}

export function useOfferImageChoices() {
  return useQuery(offerImageChoicesQueryOptions());
}
