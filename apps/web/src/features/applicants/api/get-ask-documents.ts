import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZAskDocumentItem } from '@embauche/contracts/applicants';
import { api } from '../../../lib/api-client.ts';
import { applicantKey } from './applicant-query-keys.ts';

export type TAskDocumentItem = z.infer<typeof ZAskDocumentItem>;

/** `GET /applicants/{id}/ask-documents`: the company's document types, each with its sent and received flags. */
export function getAskDocuments(applicantId: number, signal?: AbortSignal): Promise<TAskDocumentItem[]> {
  return api.get<TAskDocumentItem[]>(`/applicants/${applicantId}/ask-documents`, { signal });
}

export function askDocumentsQueryOptions(applicantId: number) {
  return queryOptions({
    queryKey: [...applicantKey(applicantId), 'ask-documents'] as const,
    queryFn: ({ signal }) => getAskDocuments(applicantId, signal),
  });
}

export function useAskDocuments(applicantId: number) {
  return useQuery(askDocumentsQueryOptions(applicantId));
}
