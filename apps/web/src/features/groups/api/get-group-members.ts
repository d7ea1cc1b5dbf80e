import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@embauche/contracts/constants';
import type { TGroupMember, TGroupMemberPage } from '@embauche/contracts/groups';
import { api } from '../../../lib/api-client.ts';
import { groupMembersKey } from './group-keys.ts';

/**
 * `GET /groups/{id}/members?page&per_page`, every page: the members dialog sets the whole list
 * (`PUT /groups/{id}/members`), so it must start from all of them, not from the first page.
 */
export async function getGroupMembers(groupId: number, signal?: AbortSignal): Promise<TGroupMember[]> {
  const members: TGroupMember[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await api.get<TGroupMemberPage>(`/groups/${groupId}/members`, {
      query: { page, per_page: MAX_PAGE_SIZE },
      signal,
    });
    members.push(...answer.data);
    if (page >= answer.last_page) return members;
  }
}

export function groupMembersQueryOptions(groupId: number) {
  return queryOptions({
    queryKey: groupMembersKey(groupId),
    queryFn: ({ signal }) => getGroupMembers(groupId, signal),
  });
}

export function useGroupMembers(groupId: number) {
  return useQuery(groupMembersQueryOptions(groupId));
}
