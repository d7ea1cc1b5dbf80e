import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TStatisticsOptions } from '@embauche/contracts/statistics';
import { api } from '../../../lib/api-client.ts';
import { statisticsChoicesKey } from './statistics-keys.ts';

/** `GET /statistics/options`: the company's time zone and what the filters offer (contract types, job boards, recruiters). */
export function getStatisticsOptions(signal?: AbortSignal): Promise<TStatisticsOptions> {
  return api.get<TStatisticsOptions>('/statistics/options', { signal });
}

export function statisticsOptionsQueryOptions() {
  return queryOptions({
    queryKey: [...statisticsChoicesKey, 'options'] as const,
    queryFn: ({ signal }) => getStatisticsOptions(signal),
    staleTime: 5 * 60 * 1000,
  });
}

export function useStatisticsOptions() {
  return useQuery(statisticsOptionsQueryOptions());
}
