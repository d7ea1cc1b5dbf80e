import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import {
  RECRUITMENT_LIST_PAGE_SIZE,
  type TRecruitmentListPage,
  type TRecruitmentListSort,
  type TRecruitmentListSource,
} from '@embauche/contracts/recruitment-lists';
import { api } from '../../../lib/api-client.ts';
import { recruitmentListPagesKeyOf } from './recruitment-list-keys.ts';

/** `GET /recruitment-lists?page&per_page&sort&filter[source]`: the header sheet's cards, one page. */
export function getRecruitmentLists(
  source: TRecruitmentListSource | '',
  sort: TRecruitmentListSort,
  page = 1,
  signal?: AbortSignal,
): Promise<TRecruitmentListPage> {
  return api.get<TRecruitmentListPage>('/recruitment-lists', {
    query: { page, per_page: RECRUITMENT_LIST_PAGE_SIZE, sort, filter: { source: source || null } },
    signal,
  });
}

export function recruitmentListsQueryOptions(source: TRecruitmentListSource | '', sort: TRecruitmentListSort) {
  return infiniteQueryOptions({
    queryKey: recruitmentListPagesKeyOf(source, sort),
    queryFn: ({ signal, pageParam }) => getRecruitmentLists(source, sort, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: TRecruitmentListPage) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
    // The button's prefetch (hover, focus) and the sheet's first render share one answer; saves refresh it.
    staleTime: 30 * 1000,
  });
}

/** The sheet's cards: their pages, and `fetchNextPage` for the infinite scroll. */
export function useRecruitmentLists(source: TRecruitmentListSource | '', sort: TRecruitmentListSort, enabled = true) {
  return useInfiniteQuery({ ...recruitmentListsQueryOptions(source, sort), enabled });
}
