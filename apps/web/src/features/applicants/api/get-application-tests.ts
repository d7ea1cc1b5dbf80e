import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZApplicationTest } from '@embauche/contracts/applications';
import { api } from '../../../lib/api-client.ts';
import { applicationKey } from './applicant-query-keys.ts';

export type TApplicationTest = z.infer<typeof ZApplicationTest>;

/** `GET /applications/{id}/tests/list`: the assessment tests sent for this application. */
export function getApplicationTests(applicationId: number, signal?: AbortSignal): Promise<TApplicationTest[]> {
  return api.get<TApplicationTest[]>(`/applications/${applicationId}/tests/list`, { signal });
}

export function applicationTestsQueryOptions(applicationId: number) {
  return queryOptions({
    queryKey: [...applicationKey(applicationId), 'tests'] as const,
    queryFn: ({ signal }) => getApplicationTests(applicationId, signal),
  });
}

export function useApplicationTests(applicationId: number) {
  return useQuery(applicationTestsQueryOptions(applicationId));
}
