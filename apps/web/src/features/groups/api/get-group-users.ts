import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TGroupUserPage } from '@embauche/contracts/groups';
import { api } from '../../../lib/api-client.ts';
import { groupUsersKey } from './group-keys.ts';

/** Users offered by the members dialog at once; the search narrows them. */
export const GROUP_USERS_PAGE_SIZE = 50;

/** `GET /groups/users?page&per_page&filter[search]`: the company's users who may join a group. */
export function getGroupUsers(search: string, signal?: AbortSignal): Promise<TGroupUserPage> {
  return api.get<TGroupUserPage>('/groups/users', {
    query: { page: 1, per_page: GROUP_USERS_PAGE_SIZE, filter: { search: search.trim() || null } },
    signal,
  });
}

export function groupUsersQueryOptions(search: string) {
  const term = search.trim();
  return queryOptions({
    queryKey: [...groupUsersKey, term],
    queryFn: ({ signal }) => getGroupUsers(term, signal),
    placeholderData: keepPreviousData,
    staleTime: 60 * 1000,
  });
}

export function useGroupUsers(search: string) {
  return useQuery(groupUsersQueryOptions(search));
}
