import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TRecruitmentListPage } from '@embauche/contracts/recruitment-lists';
import { api } from '../../../lib/api-client.ts';
import { communityChoicesKey } from './community-keys.ts';

/**
 * `GET /recruitment-lists?search&per_page=50` (the recruitment lists' own call): the lists the user
 * sees; the dialog keeps those they may add to (`can_add`).
 */
export function getCommunityListChoices(
  search: string,
  signal?: AbortSignal,
): Promise<TRecruitmentListPage> {
  return api.get<TRecruitmentListPage>('/recruitment-lists', {
    signal,
    query: { search: search || null, per_page: 50 },
  });
}

export function communityListChoicesQueryOptions(search: string) {
  const term = search.trim();
  return queryOptions({
    queryKey: [...communityChoicesKey, 'lists', term] as const,
    queryFn: ({ signal }) => getCommunityListChoices(term, signal),
    staleTime: 30 * 1000,
    select: (page: TRecruitmentListPage) => page.data.filter((list) => list.can_add),
  });
}

export function useCommunityListChoices(search: string) {
  return useQuery(communityListChoicesQueryOptions(search));
}
