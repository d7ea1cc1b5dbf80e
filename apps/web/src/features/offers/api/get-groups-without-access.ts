import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TOfferGroups } from '@embauche/contracts/groups';
import { api } from '../../../lib/api-client.ts';
import { offerGroupsBaseKey } from './get-offer-groups.ts';

export function getGroupsWithoutAccess(offerId: number, signal?: AbortSignal): Promise<TOfferGroups> {
  return api.get<TOfferGroups>(`/offer/${offerId}/groups-without-offer-access`, { signal });
}

/** The company's groups not granted the offer yet: the ones that can be granted. */
export function groupsWithoutAccessQueryOptions(offerId: number) {
  return queryOptions({
    queryKey: [...offerGroupsBaseKey, offerId, 'without'] as const,
    queryFn: ({ signal }) => getGroupsWithoutAccess(offerId, signal),
  });
}

export function useGroupsWithoutAccess(offerId: number, enabled = true) {
  return useQuery({ ...groupsWithoutAccessQueryOptions(offerId), enabled });
}
