import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSharedApplicantDetail } from '@embauche/contracts/shares';
import { api } from '../../../lib/api-client.ts';
import { SHARED_QUERY, sharedKey, sharedPath } from './shared-query-keys.ts';

/**
 * Public `GET /api/shared/{token}/detail`: the applicant (name always; contact details, tags and
 * source with `profile`; the CV with `cv`) plus documents and motivation, null unless exposed.
 */
export function getSharedDetail(token: string, signal?: AbortSignal): Promise<TSharedApplicantDetail> {
  return api.get<TSharedApplicantDetail>(`${sharedPath(token)}/detail`, { signal });
}

export function sharedDetailQueryOptions(token: string, enabled = true) {
  return queryOptions({
    queryKey: [...sharedKey(token), 'detail'] as const,
    queryFn: ({ signal }) => getSharedDetail(token, signal),
    enabled,
    ...SHARED_QUERY,
  });
}

export function useSharedDetail(token: string, enabled = true) {
  return useQuery(sharedDetailQueryOptions(token, enabled));
}
