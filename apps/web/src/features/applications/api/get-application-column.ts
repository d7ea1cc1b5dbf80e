import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { boardColumnsKey, type ApplicationFilter } from './application-query-keys.ts';
import { getApplications } from './get-applications.ts';

/** Cards loaded per page in a board column (a column asks for the next page by itself as it scrolls). */
export const COLUMN_PAGE_SIZE = 50;

/**
 * One board column: the offer's applications in one status, page by page (never the whole offer:
 * the list call's `filter[statuses]` narrows it to the column, `page` keeps each call small).
 */
export function applicationColumnQueryOptions(projectId: number, offerId: number, statusId: number, filter: ApplicationFilter, order: string | null) {
  return infiniteQueryOptions({
    queryKey: [...boardColumnsKey(projectId, offerId), statusId, { filter, order }] as const,
    queryFn: ({ signal, pageParam }) =>
      getApplications(projectId, offerId, { page: pageParam, perPage: COLUMN_PAGE_SIZE, order, filter: { ...filter, statuses: [statusId] } }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
    staleTime: 5 * 60 * 1000,
  });
}

export function useApplicationColumn(projectId: number, offerId: number, statusId: number, filter: ApplicationFilter, order: string | null) {
  return useInfiniteQuery(applicationColumnQueryOptions(projectId, offerId, statusId, filter, order));
}
