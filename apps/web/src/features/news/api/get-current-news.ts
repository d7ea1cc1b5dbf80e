import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCurrentNews } from '@embauche/contracts/news';
import { api } from '../../../lib/api-client.ts';

/** Apart from the staff's lists: their saves must not bring the popup. */
export const currentNewsKey = ['news-current'] as const;

/** `GET /news/current`: the one item for the signed-in user, in their language, or null. */
export function getCurrentNews(signal?: AbortSignal): Promise<TCurrentNews | null> {
  return api.get<TCurrentNews | null>('/news/current', { signal });
}

/** Asked once per load of the app: never again on focus or remount; a failure waits for the next load. */
export function currentNewsQueryOptions() {
  return queryOptions({
    queryKey: currentNewsKey,
    queryFn: ({ signal }) => getCurrentNews(signal),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function useCurrentNews() {
  return useQuery(currentNewsQueryOptions());
}
