import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZApplicationOverview } from '@embauche/contracts/applications';
import { api } from '../../../lib/api-client.ts';
import { applicantKey } from './applicant-query-keys.ts';

export type TApplicationOverview = z.infer<typeof ZApplicationOverview>;

/** `GET /applicants/{id}/applications-overview`: every application of the applicant, newest first. */
export function getApplicationsOverview(applicantId: number, signal?: AbortSignal): Promise<TApplicationOverview[]> {
  return api.get<TApplicationOverview[]>(`/applicants/${applicantId}/applications-overview`, { signal });
}

export function applicationsOverviewQueryOptions(applicantId: number) {
  return queryOptions({
    queryKey: [...applicantKey(applicantId), 'applications-overview'] as const,
    queryFn: ({ signal }) => getApplicationsOverview(applicantId, signal),
    staleTime: 60 * 1000,
  });
}

export function useApplicationsOverview(applicantId: number) {
  return useQuery(applicationsOverviewQueryOptions(applicantId));
}
