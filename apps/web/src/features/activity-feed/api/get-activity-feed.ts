import { useEffect } from 'react';
import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { TFeedPage } from '@embauche/contracts/activity-feed';
import { api } from '../../../lib/api-client.ts';
import { feedKey, targetQuery, type FeedFilter, type FeedTarget } from './feed-query-keys.ts';

/** Spec 9: the feed stays fresh for 5 minutes and its first 2 pages load up front. */
export const FEED_STALE_TIME = 5 * 60 * 1000;
export const FEED_PREFETCHED_PAGES = 2;

export type FeedPages = InfiniteData<TFeedPage, number>;

/** `GET /activity-feed`: threads newest first, 20 per page. */
export function getActivityFeed(target: FeedTarget, filter: FeedFilter, page: number, signal?: AbortSignal): Promise<TFeedPage> {
  return api.get<TFeedPage>('/activity-feed', { query: { ...targetQuery(target), page, filter }, signal });
}

export function activityFeedQueryOptions(target: FeedTarget, filter: FeedFilter) {
  return infiniteQueryOptions({
    queryKey: [...feedKey(target), 'list', filter] as const,
    queryFn: ({ signal, pageParam }) => getActivityFeed(target, filter, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: TFeedPage) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
    staleTime: FEED_STALE_TIME,
  });
}

/** The feed's pages; once the first has arrived the second follows without waiting for a scroll. */
export function useActivityFeed(target: FeedTarget, filter: FeedFilter) {
  const query = useInfiniteQuery(activityFeedQueryOptions(target, filter));
  const loaded = query.data?.pages.length ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isError } = query;
  useEffect(() => {
    if (loaded > 0 && loaded < FEED_PREFETCHED_PAGES && hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [loaded, hasNextPage, isFetchingNextPage, isError, fetchNextPage]);
  return query;
}
