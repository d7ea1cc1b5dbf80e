import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSubsidiary } from '@embauche/contracts/subsidiaries';
import { api } from '../api-client.ts';

export function getSubsidiaries(signal?: AbortSignal): Promise<TSubsidiary[]> {
  return api.get<TSubsidiary[]>('/subsidiaries', { signal });
}

/** The company's subsidiaries, for the pickers of offers and projects; they rarely change. */
export function subsidiariesQueryOptions() {
  return queryOptions({
    queryKey: ['subsidiaries'] as const,
    queryFn: ({ signal }) => getSubsidiaries(signal),
    staleTime: 15 * 60 * 1000,
  });
}

export function useSubsidiaries() {
  return useQuery(subsidiariesQueryOptions());
}
