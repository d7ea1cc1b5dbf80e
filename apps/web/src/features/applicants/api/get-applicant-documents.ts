import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TApplicantDocument } from '@embauche/contracts/applicants';
import { api } from '../../../lib/api-client.ts';
import { applicantKey } from './applicant-query-keys.ts';

/** `GET /applicants/{id}/documents`: the files the applicant sent (through a request link or otherwise). */
export function getApplicantDocuments(applicantId: number, signal?: AbortSignal): Promise<TApplicantDocument[]> {
  return api.get<TApplicantDocument[]>(`/applicants/${applicantId}/documents`, { signal });
}

export function applicantDocumentsQueryOptions(applicantId: number) {
  return queryOptions({
    queryKey: [...applicantKey(applicantId), 'documents'] as const,
    queryFn: ({ signal }) => getApplicantDocuments(applicantId, signal),
  });
}

export function useApplicantDocuments(applicantId: number) {
  return useQuery(applicantDocumentsQueryOptions(applicantId));
}
