import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCommunityMember } from '@embauche/contracts/community';
import { api } from '../../../lib/api-client.ts';
import { communityMemberKey } from './community-keys.ts';

/** `GET /community/members/{id}`: one member, their interests and consent (404: another company's or erased). */
export function getCommunityMember(id: number, signal?: AbortSignal): Promise<TCommunityMember> {
  return api.get<TCommunityMember>(`/community/members/${id}`, { signal });
}

export function communityMemberQueryOptions(id: number) {
  return queryOptions({
    queryKey: communityMemberKey(id),
    queryFn: ({ signal }) => getCommunityMember(id, signal),
    staleTime: 30 * 1000,
  });
}

export function useCommunityMember(id: number) {
  return useQuery(communityMemberQueryOptions(id));
}
