import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TOfferDetail } from '@embauche/contracts/offers';
import type { TProjectRef } from '@embauche/contracts/projects';
import { api } from '../../../lib/api-client.ts';
import { retryUpTo } from '../../../lib/retry.ts';
import { offerDetailBaseKey } from './offer-query-keys.ts';

export function getOffer(ref: TProjectRef, offerId: number, signal?: AbortSignal): Promise<TOfferDetail> {
  return api.get<TOfferDetail>(`/projects/${encodeURIComponent(String(ref))}/offers/${offerId}`, { signal });
}

/** Spec 5/8/9: never retried on 404 or 403, otherwise up to 3 times; fresh 5 minutes. */
export function offerQueryOptions(ref: TProjectRef, offerId: number) {
  return queryOptions({
    queryKey: [...offerDetailBaseKey, offerId, ref] as const,
    queryFn: ({ signal }) => getOffer(ref, offerId, signal),
    retry: retryUpTo(3),
    staleTime: 5 * 60 * 1000,
  });
}

export function useOffer(ref: TProjectRef, offerId: number) {
  return useQuery(offerQueryOptions(ref, offerId));
}
