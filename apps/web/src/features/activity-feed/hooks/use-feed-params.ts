import { parseAsArrayOf, parseAsString, parseAsStringLiteral, useQueryStates } from 'nuqs';
import { FEED_CATEGORIES } from '@embauche/contracts/activity-feed';
import type { FeedFilter } from '../api/feed-query-keys.ts';

/**
 * The feed's filters in the URL (spec 3: scope_range, category, subsidiary, status). Prefixed with
 * `feed_` so that they never mix with the applications' own `scope_range` and `statuses` on the
 * offer screen.
 */
export const feedParsers = {
  feed_category: parseAsArrayOf(parseAsStringLiteral(FEED_CATEGORIES)),
  feed_scope_range: parseAsString,
  feed_subsidiary: parseAsArrayOf(parseAsString),
  feed_status: parseAsArrayOf(parseAsString),
};

export function useFeedParams() {
  const [params, setParams] = useQueryStates(feedParsers);
  const filter: FeedFilter = {
    scope_range: params.feed_scope_range,
    category: params.feed_category,
    subsidiary: params.feed_subsidiary,
    status: params.feed_status,
  };
  const set = (key: keyof typeof feedParsers, value: string | string[] | null) => {
    const empty = value === null || value === '' || (Array.isArray(value) && value.length === 0);
    void setParams({ [key]: empty ? null : value } as Parameters<typeof setParams>[0]);
  };
  const reset = () => void setParams({ feed_category: null, feed_scope_range: null, feed_subsidiary: null, feed_status: null });
  const active = Boolean(filter.scope_range || filter.category?.length || filter.subsidiary?.length || filter.status?.length);
  return { filter, set, reset, active };
}
