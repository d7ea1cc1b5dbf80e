import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TUserSummary } from '@embauche/contracts/projects';
import { api } from '../../../lib/api-client.ts';
import { offerUsersBaseKey } from './get-offer-users.ts';

export function getUsersWithoutAccess(projectId: number, offerId: number, signal?: AbortSignal): Promise<TUserSummary[]> {
  return api.get<TUserSummary[]>(`/projects/${projectId}/users-without-access`, { signal, query: { offer_id: offerId } });
}

/** The company's users who do not see the offer yet: the ones that can be granted. */
export function usersWithoutAccessQueryOptions(projectId: number, offerId: number) {
  return queryOptions({
    queryKey: [...offerUsersBaseKey, offerId, 'without', projectId] as const,
    queryFn: ({ signal }) => getUsersWithoutAccess(projectId, offerId, signal),
  });
}

export function useUsersWithoutAccess(projectId: number, offerId: number) {
  return useQuery(usersWithoutAccessQueryOptions(projectId, offerId));
}
