import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZDocumentUploadInfo } from '@embauche/contracts/applicants';
import { api } from '../../../lib/api-client.ts';
import { retryUpTo } from '../../../lib/retry.ts';
import { documentUploadKey } from './applicant-query-keys.ts';

export type TDocumentUploadInfo = z.infer<typeof ZDocumentUploadInfo>;

/** Public `GET /documents-upload/{token}`: who asks, for what, until when (404 once expired or unknown). */
export function getDocumentUpload(token: string, signal?: AbortSignal): Promise<TDocumentUploadInfo> {
  return api.get<TDocumentUploadInfo>(`/documents-upload/${encodeURIComponent(token)}`, { signal });
}

export function documentUploadQueryOptions(token: string) {
  return queryOptions({
    queryKey: documentUploadKey(token),
    queryFn: ({ signal }) => getDocumentUpload(token, signal),
    retry: retryUpTo(2),
    refetchOnWindowFocus: false,
  });
}

export function useDocumentUpload(token: string) {
  return useQuery(documentUploadQueryOptions(token));
}
