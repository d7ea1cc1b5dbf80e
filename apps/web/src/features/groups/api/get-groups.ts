import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TGroupPage, TGroupSort } from '@embauche/contracts/groups';
import { api } from '../../../lib/api-client.ts';
import { groupsPageKey } from './group-keys.ts';

export const GROUPS_PAGE_SIZE = 20;

export type GroupsFilter = { search: string | null; sort: TGroupSort };

/** `GET /groups?page&per_page&sort&filter[search]`: one page of the company's groups. */
export function getGroups(filter: GroupsFilter, page: number, signal?: AbortSignal): Promise<TGroupPage> {
  return api.get<TGroupPage>('/groups', {
    query: { page, per_page: GROUPS_PAGE_SIZE, sort: filter.sort, filter: { search: filter.search } },
    signal,
  });
}

export function groupsQueryOptions(filter: GroupsFilter, page: number) {
  return queryOptions({
    queryKey: groupsPageKey(filter, page),
    queryFn: ({ signal }) => getGroups(filter, page, signal),
    // The page stays on screen (dimmed) while the next search or page loads.
    placeholderData: keepPreviousData,
  });
}

export function useGroups(filter: GroupsFilter, page: number) {
  return useQuery(groupsQueryOptions(filter, page));
}
