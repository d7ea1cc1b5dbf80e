import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TApplicantDocument } from '@embauche/contracts/applicants';
import { api } from '../../../lib/api-client.ts';
import { SHARED_QUERY, sharedKey, sharedPath } from './shared-query-keys.ts';

/** Public `GET /api/shared/{token}/application/documents` (with `documents`): each with its download URL under the link. */
export function getSharedApplicationDocuments(token: string, signal?: AbortSignal): Promise<TApplicantDocument[]> {
  return api.get<TApplicantDocument[]>(`${sharedPath(token)}/application/documents`, { signal });
}

export function sharedApplicationDocumentsQueryOptions(token: string, enabled = true) {
  return queryOptions({
    queryKey: [...sharedKey(token), 'application', 'documents'] as const,
    queryFn: ({ signal }) => getSharedApplicationDocuments(token, signal),
    enabled,
    ...SHARED_QUERY,
  });
}

export function useSharedApplicationDocuments(token: string, enabled = true) {
  return useQuery(sharedApplicationDocumentsQueryOptions(token, enabled));
}
