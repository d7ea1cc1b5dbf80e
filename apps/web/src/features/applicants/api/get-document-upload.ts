import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** Public `POST /documents-upload/{token}`: one file per asked type, as `document_{typeId}`. */
export function uploadDocuments(token: string, files: Map<number, File>): Promise<TDocumentUploadInfo> {
  const data = new FormData();
  for (const [typeId, file] of files) data.append(`document_${typeId}`, file, file.name);
  return api.post<TDocumentUploadInfo>(`/documents-upload/${encodeURIComponent(token)}`, data);
}

export function useUploadDocuments(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (files: Map<number, File>) => uploadDocuments(token, files),
    onSuccess: (info) => queryClient.setQueryData(documentUploadQueryOptions(token).queryKey, info),
  });
}
