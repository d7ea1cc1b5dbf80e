import { queryOptions, useQuery } from '@tanstack/react-query';
import type { STATS_IDS, TProjectStats } from '@embauche/contracts/projects';
import { api } from '../../../lib/api-client.ts';

export type StatsId = (typeof STATS_IDS)[number];

export const projectStatsBaseKey = ['projects', 'stats'] as const;

export function getProjectStats(id: StatsId, signal?: AbortSignal): Promise<TProjectStats> {
  return api.get<TProjectStats>(`/projects/${id}/stats`, { signal });
}

/** Counts of the shortcut lists (all offers, drafts, direct access, favourites). */
export function projectStatsQueryOptions(id: StatsId) {
  return queryOptions({ queryKey: [...projectStatsBaseKey, id] as const, queryFn: ({ signal }) => getProjectStats(id, signal) });
}

export function useProjectStats(id: StatsId) {
  return useQuery(projectStatsQueryOptions(id));
}
