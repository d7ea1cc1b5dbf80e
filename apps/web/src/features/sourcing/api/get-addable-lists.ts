import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TRecruitmentListPage } from '@embauche/contracts/recruitment-lists';
import { api } from '../../../lib/api-client.ts';
import { sourcingListsKey } from './sourcing-keys.ts';

/** Lists fetched at once for the "add to a list" dialog (its search box narrows them on the server). */
export const ADDABLE_LISTS_PAGE_SIZE = 50;

/**
 * `GET /recruitment-lists?search&per_page`: the lists the user sees, newest first. The server has one
 * `filter[source]` value at a time, so every list is read and the dialog keeps those with `can_add`
 * (the user's own lists and the collaborative lists shared with them).
 */
export function getAddableLists(search: string, signal?: AbortSignal): Promise<TRecruitmentListPage> {
  return api.get<TRecruitmentListPage>('/recruitment-lists', { signal, query: { search: search || null, per_page: ADDABLE_LISTS_PAGE_SIZE } });
}

export function addableListsQueryOptions(search: string) {
  const term = search.trim();
  return queryOptions({
    queryKey: [...sourcingListsKey, term] as const,
    queryFn: ({ signal }) => getAddableLists(term, signal),
    staleTime: 30 * 1000,
    select: (page: TRecruitmentListPage) => ({ ...page, data: page.data.filter((list) => list.can_add) }),
  });
}

export function useAddableLists(search: string, enabled = true) {
  return useQuery({ ...addableListsQueryOptions(search), enabled });
}
