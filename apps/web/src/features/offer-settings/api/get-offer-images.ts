import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TOfferImagePage } from '@embauche/contracts/offer-settings';
import { api } from '../../../lib/api-client.ts';
import { offerImagesKey } from './offer-settings-keys.ts';

export const OFFER_IMAGES_PAGE_SIZE = 24;

/** `GET /offer-images?page&per_page`: one page of the bank, newest first, with how many offers show each. */
export function getOfferImages(page: number, signal?: AbortSignal): Promise<TOfferImagePage> {
  return api.get<TOfferImagePage>('/offer-images', { query: { page, per_page: OFFER_IMAGES_PAGE_SIZE }, signal });
}

export function offerImagesQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...offerImagesKey, 'pages', page] as const,
    queryFn: ({ signal }) => getOfferImages(page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useOfferImages(page: number) {
  return useQuery(offerImagesQueryOptions(page));
}
