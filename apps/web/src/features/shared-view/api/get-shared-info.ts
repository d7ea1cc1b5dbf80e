import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSharedInfo } from '@embauche/contracts/shares';
import { api } from '../../../lib/api-client.ts';
import { SHARED_QUERY, sharedKey, sharedPath } from './shared-query-keys.ts';

/** Public `GET /api/shared/{token}`: the link's type, the sections it exposes, its expiry, who sent it. 404 when unknown, expired or revoked. */
export function getSharedInfo(token: string, signal?: AbortSignal): Promise<TSharedInfo> {
  return api.get<TSharedInfo>(sharedPath(token), { signal });
}

export function sharedInfoQueryOptions(token: string) {
  return queryOptions({
    queryKey: sharedKey(token),
    queryFn: ({ signal }) => getSharedInfo(token, signal),
    ...SHARED_QUERY,
  });
}

export function useSharedInfo(token: string) {
  return useQuery(sharedInfoQueryOptions(token));
}
