import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { TFeedPage } from '@embauche/contracts/activity-feed';
import type { ShareType } from '@embauche/contracts/shares';
import { api } from '../../../lib/api-client.ts';
import { SHARED_QUERY, sharedFeedKey, sharedPath } from './shared-query-keys.ts';

export type SharedFeedPages = InfiniteData<TFeedPage, number>;

/** Spec 9: a feed stays fresh for 5 minutes. */
const FEED_STALE_TIME = 5 * 60 * 1000;

/** Public `GET /api/shared/{token}/{type}/activity-feed?page` (with `feed`): public comments and their replies, newest first, 20 threads a page. */
export function getSharedFeed(token: string, type: ShareType, page: number, signal?: AbortSignal): Promise<TFeedPage> {
  return api.get<TFeedPage>(`${sharedPath(token)}/${type}/activity-feed`, { query: { page }, signal });
}

export function sharedFeedQueryOptions(token: string, type: ShareType) {
  return infiniteQueryOptions({
    queryKey: sharedFeedKey(token, type),
    queryFn: ({ signal, pageParam }) => getSharedFeed(token, type, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: TFeedPage) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
    staleTime: FEED_STALE_TIME,
    ...SHARED_QUERY,
  });
}

export function useSharedFeed(token: string, type: ShareType) {
  return useInfiniteQuery(sharedFeedQueryOptions(token, type));
}
