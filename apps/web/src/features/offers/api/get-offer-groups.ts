import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TOfferGroups } from '@embauche/contracts/groups';
import { api } from '../../../lib/api-client.ts';

export const offerGroupsBaseKey = ['offers', 'groups'] as const;

export function getOfferGroups(offerId: number, signal?: AbortSignal): Promise<TOfferGroups> {
  return api.get<TOfferGroups>(`/offer/${offerId}/groups`, { signal });
}

/** Groups granted the offer: their members see it as if granted directly. */
export function offerGroupsQueryOptions(offerId: number) {
  return queryOptions({
    queryKey: [...offerGroupsBaseKey, offerId, 'with'] as const,
    queryFn: ({ signal }) => getOfferGroups(offerId, signal),
  });
}

export function useOfferGroups(offerId: number) {
  return useQuery(offerGroupsQueryOptions(offerId));
}
