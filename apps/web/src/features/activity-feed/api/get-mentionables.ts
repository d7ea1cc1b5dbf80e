import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TMentionables } from '@embauche/contracts/activity-feed';
import { api } from '../../../lib/api-client.ts';
import { targetQuery, type FeedTarget } from './feed-query-keys.ts';

/**
 * `GET /users/mentions/{search}` (or `/nofilter`) for the comment's target: up to 20 users and 20
 * groups who can be mentioned on it, then the company's others greyed with the reason (issue 35).
 */
export function getMentionables(search: string, target: FeedTarget, signal?: AbortSignal): Promise<TMentionables> {
  const path = search.trim() ? `/users/mentions/${encodeURIComponent(search.trim())}` : '/users/mentions/nofilter';
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(targetQuery(target))) if (value !== null) query.set(key, String(value));
  const qs = query.toString();
  return api.get<TMentionables>(qs ? `${path}?${qs}` : path, { signal });
}

export function mentionablesQueryOptions(search: string, target: FeedTarget) {
  return queryOptions({
    queryKey: ['activity-feed-mentionables', targetQuery(target), search.trim().toLowerCase()] as const,
    queryFn: ({ signal }) => getMentionables(search, target, signal),
    staleTime: 60 * 1000,
  });
}

export function useMentionables(search: string, target: FeedTarget, enabled = true) {
  return useQuery({ ...mentionablesQueryOptions(search, target), enabled, placeholderData: keepPreviousData });
}
