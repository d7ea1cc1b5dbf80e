import { useState } from 'react';
import { infiniteQueryOptions, useInfiniteQuery, useQueryClient, type InfiniteData, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { TApplicationPage } from '@embauche/contracts/applications';
import { boardColumnsKey, type ApplicationFilter } from './application-query-keys.ts';
import { getApplications } from './get-applications.ts';

/** Cards loaded per page in a board column (a column asks for the next page by itself as it scrolls). */
export const COLUMN_PAGE_SIZE = 50;

/** A column's page: its number (echoed back, for the applicant screen's previous/next) and the cursor it starts after. */
type ColumnPageParam = { page: number; cursor: string | null };

/** The next page after `last`: after its cursor when the server gives one (null: the column is read), else by number. */
export function nextColumnPage(last: TApplicationPage): ColumnPageParam | undefined {
  if (last.next_cursor !== undefined) return last.next_cursor === null ? undefined : { page: last.current_page + 1, cursor: last.next_cursor };
  return last.current_page < last.last_page ? { page: last.current_page + 1, cursor: null } : undefined;
}

/**
 * One board column: the offer's applications in one status, page by page (never the whole offer:
 * the list call's `filter[statuses]` narrows it to the column, `page` keeps each call small). Each
 * next page starts after the previous one's cursor: cards moved in or out of the column meanwhile
 * neither repeat nor skip one (an offset would), and page 200 costs what page 2 does.
 */
export function applicationColumnQueryOptions(projectId: number, offerId: number, statusId: number, filter: ApplicationFilter, order: string | null) {
  return infiniteQueryOptions({
    queryKey: [...boardColumnsKey(projectId, offerId), statusId, { filter, order }] as const,
    queryFn: ({ signal, pageParam }) =>
      getApplications(
        projectId,
        offerId,
        // Not counted: the board's counts call gave the column's count.
        { page: pageParam.page, cursor: pageParam.cursor, perPage: COLUMN_PAGE_SIZE, order, filter: { ...filter, statuses: [statusId] }, counted: false },
        signal,
      ),
    initialPageParam: { page: 1, cursor: null } as ColumnPageParam,
    getNextPageParam: nextColumnPage,
    staleTime: 5 * 60 * 1000,
    // A column scrolled past its first page would reload every page it holds, one after the other
    // (fifty calls for 2,500 cards): it keeps its cards on focus; the counts call still refreshes.
    refetchOnWindowFocus: (query) => columnPages(query) <= 1,
  });
}

function columnPages(query: { state: { data: unknown } }): number {
  return (query.state.data as InfiniteData<TApplicationPage> | undefined)?.pages.length ?? 0;
}

/**
 * A column reopened (the board mounted again) whose cards went stale starts again from its first
 * page: it opens at its top anyway, and the next pages load as it scrolls, instead of every page it
 * had loaded being fetched again before it shows. The query stays stale, so its first page reloads.
 */
export function trimStaleColumn(queryClient: QueryClient, queryKey: QueryKey): void {
  const query = queryClient.getQueryCache().find({ queryKey, exact: true });
  const data = query?.state.data as InfiniteData<TApplicationPage, ColumnPageParam> | undefined;
  if (!query || !data || data.pages.length <= 1 || !query.isStale()) return;
  queryClient.setQueryData<InfiniteData<TApplicationPage, ColumnPageParam>>(
    queryKey,
    { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) },
    { updatedAt: query.state.dataUpdatedAt },
  );
  void queryClient.invalidateQueries({ queryKey, exact: true, refetchType: 'none' });
}

export function useApplicationColumn(projectId: number, offerId: number, statusId: number, filter: ApplicationFilter, order: string | null) {
  const queryClient = useQueryClient();
  const options = applicationColumnQueryOptions(projectId, offerId, statusId, filter, order);
  // Once, as the column mounts, before its query is observed (and refetched if stale).
  useState(() => trimStaleColumn(queryClient, options.queryKey));
  return useInfiniteQuery(options);
}
