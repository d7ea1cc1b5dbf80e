import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TApplicantDetail } from '@embauche/contracts/applicants';
import { api } from '../../../lib/api-client.ts';
import { retryUpTo } from '../../../lib/retry.ts';
import { applicantKey } from './applicant-query-keys.ts';

/** `GET /applicants/{id}/detail`: the profile with documents, motivation and video interview. */
export function getApplicantDetail(applicantId: number, signal?: AbortSignal): Promise<TApplicantDetail> {
  return api.get<TApplicantDetail>(`/applicants/${applicantId}/detail`, { signal });
}

export function applicantDetailQueryOptions(applicantId: number) {
  return queryOptions({
    queryKey: [...applicantKey(applicantId), 'detail'] as const,
    queryFn: ({ signal }) => getApplicantDetail(applicantId, signal),
    retry: retryUpTo(3),
    staleTime: 5 * 60 * 1000,
  });
}

export function useApplicantDetail(applicantId: number) {
  return useQuery(applicantDetailQueryOptions(applicantId));
}
