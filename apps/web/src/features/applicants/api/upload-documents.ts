import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { documentUploadQueryOptions, type TDocumentUploadInfo } from './get-document-upload.ts';

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
