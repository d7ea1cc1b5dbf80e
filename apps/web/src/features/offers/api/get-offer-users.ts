import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TUserSummary } from '@embauche/contracts/projects';
import { api } from '../../../lib/api-client.ts';

export const offerUsersBaseKey = ['offers', 'users'] as const;

export function getOfferUsers(offerId: number, signal?: AbortSignal): Promise<TUserSummary[]> {
  return api.get<TUserSummary[]>(`/offer/${offerId}/users-with-offer-access`, { signal });
}

/** Users granted the offer directly (spec 6 "offer access"). */
export function offerUsersQueryOptions(offerId: number) {
  return queryOptions({
    queryKey: [...offerUsersBaseKey, offerId, 'with'] as const,
    queryFn: ({ signal }) => getOfferUsers(offerId, signal),
  });
}

export function useOfferUsers(offerId: number) {
  return useQuery(offerUsersQueryOptions(offerId));
}
