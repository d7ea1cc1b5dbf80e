import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TMentionables } from '@embauche/contracts/activity-feed';
import { api } from '../../../lib/api-client.ts';

/** `GET /users/mentions/{search}` (or `/nofilter`): up to 20 users and 20 groups who can be mentioned. */
export function getMentionables(search: string, signal?: AbortSignal): Promise<TMentionables> {
  const path = search.trim() ? `/users/mentions/${encodeURIComponent(search.trim())}` : '/users/mentions/nofilter';
  return api.get<TMentionables>(path, { signal });
}

export function mentionablesQueryOptions(search: string) {
  return queryOptions({
    queryKey: ['activity-feed-mentionables', search.trim().toLowerCase()] as const,
    queryFn: ({ signal }) => getMentionables(search, signal),
    staleTime: 60 * 1000,
  });
}

export function useMentionables(search: string, enabled = true) {
  return useQuery({ ...mentionablesQueryOptions(search), enabled, placeholderData: keepPreviousData });
}
