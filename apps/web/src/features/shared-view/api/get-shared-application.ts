import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSharedApplication } from '@embauche/contracts/shares';
import { api } from '../../../lib/api-client.ts';
import { SHARED_QUERY, sharedKey, sharedPath } from './shared-query-keys.ts';

/** Public `GET /api/shared/{token}/application` (an application's link only): offer, status, dates, and the applicant as the link shows it. */
export function getSharedApplication(token: string, signal?: AbortSignal): Promise<TSharedApplication> {
  return api.get<TSharedApplication>(`${sharedPath(token)}/application`, { signal });
}

export function sharedApplicationQueryOptions(token: string, enabled = true) {
  return queryOptions({
    queryKey: [...sharedKey(token), 'application'] as const,
    queryFn: ({ signal }) => getSharedApplication(token, signal),
    enabled,
    ...SHARED_QUERY,
  });
}

export function useSharedApplication(token: string, enabled = true) {
  return useQuery(sharedApplicationQueryOptions(token, enabled));
}
