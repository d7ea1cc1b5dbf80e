import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZMotivation } from '@embauche/contracts/applications';
import { api } from '../../../lib/api-client.ts';
import { SHARED_QUERY, sharedKey, sharedPath } from './shared-query-keys.ts';

type TMotivation = z.infer<typeof ZMotivation>;

/** Public `GET /api/shared/{token}/application/motivation` (with `motivation`): the application's own, else the applicant's. */
export function getSharedApplicationMotivation(token: string, signal?: AbortSignal): Promise<TMotivation> {
  return api.get<TMotivation>(`${sharedPath(token)}/application/motivation`, { signal });
}

export function sharedApplicationMotivationQueryOptions(token: string, enabled = true) {
  return queryOptions({
    queryKey: [...sharedKey(token), 'application', 'motivation'] as const,
    queryFn: ({ signal }) => getSharedApplicationMotivation(token, signal),
    enabled,
    ...SHARED_QUERY,
  });
}

export function useSharedApplicationMotivation(token: string, enabled = true) {
  return useQuery(sharedApplicationMotivationQueryOptions(token, enabled));
}
