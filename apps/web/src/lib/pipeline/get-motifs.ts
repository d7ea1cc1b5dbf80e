import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMotif } from '@embauche/contracts/applications';
import { api } from '../api-client.ts';

export const motifsBaseKey = ['pipeline', 'motifs'] as const;

/** `GET /motifs`: the refusal and withdrawal reasons (the global defaults plus the company's own). */
export function getMotifs(signal?: AbortSignal): Promise<TMotif[]> {
  return api.get<TMotif[]>('/motifs', { signal });
}

export function motifsQueryOptions() {
  return queryOptions({
    queryKey: motifsBaseKey,
    queryFn: ({ signal }) => getMotifs(signal),
    staleTime: 15 * 60 * 1000,
  });
}

export function useMotifs() {
  return useQuery(motifsQueryOptions());
}
