import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TFeedCategories } from '@embauche/contracts/activity-feed';
import { api } from '../../../lib/api-client.ts';
import { errorStatus } from '../../../lib/api-error.ts';
import { FEED_STALE_TIME } from './get-activity-feed.ts';
import { feedKey, targetQuery, type FeedFilter, type FeedTarget } from './feed-query-keys.ts';

/** `GET /activity-feed/categories`: each category's count under the other filters. */
export function getFeedCategories(target: FeedTarget, filter: Omit<FeedFilter, 'category'>, signal?: AbortSignal): Promise<TFeedCategories> {
  return api.get<TFeedCategories>('/activity-feed/categories', { query: { ...targetQuery(target), filter }, signal });
}

export function feedCategoriesQueryOptions(target: FeedTarget, filter: Omit<FeedFilter, 'category'>) {
  return queryOptions({
    queryKey: [...feedKey(target), 'categories', filter] as const,
    queryFn: ({ signal }) => getFeedCategories(target, filter, signal),
    staleTime: FEED_STALE_TIME,
    // Spec 8: the category fetch is not retried on 404 or 403.
    retry: (count, error) => {
      const status = errorStatus(error);
      return status !== 403 && status !== 404 && count < 3;
    },
  });
}

export function useFeedCategories(target: FeedTarget, filter: Omit<FeedFilter, 'category'>) {
  return useQuery(feedCategoriesQueryOptions(target, filter));
}
