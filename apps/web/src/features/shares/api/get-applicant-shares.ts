import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TShare } from '@embauche/contracts/shares';
import { api } from '../../../lib/api-client.ts';
import { applicantSharesKey } from './share-query-keys.ts';

/** `GET /applicants/{id}/shares`: the links still open on the applicant and its applications, newest first. */
export function getApplicantShares(applicantId: number, signal?: AbortSignal): Promise<TShare[]> {
  return api.get<TShare[]>(`/applicants/${applicantId}/shares`, { signal });
}

export function applicantSharesQueryOptions(applicantId: number) {
  return queryOptions({
    queryKey: applicantSharesKey(applicantId),
    queryFn: ({ signal }) => getApplicantShares(applicantId, signal),
  });
}

export function useApplicantShares(applicantId: number) {
  return useQuery(applicantSharesQueryOptions(applicantId));
}
