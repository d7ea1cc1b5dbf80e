import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TConflicts } from '@embauche/contracts/planner';
import { api } from '../../../lib/api-client.ts';
import { plannerKey } from './planner-keys.ts';

export type ConflictQuery = {
  startAt: string;
  endAt: string;
  userIds: number[];
  excludeId?: number | undefined;
};

/** `GET /planner/conflicts?start_at&end_at&user_ids&exclude_id`: the interviewers' overlapping appointments. */
export function getConflicts(query: ConflictQuery, signal?: AbortSignal): Promise<TConflicts> {
  return api.get<TConflicts>('/planner/conflicts', {
    signal,
    query: {
      start_at: query.startAt,
      end_at: query.endAt,
      user_ids: query.userIds.join(','),
      exclude_id: query.excludeId ?? null,
    },
  });
}

export function conflictsQueryOptions(query: ConflictQuery) {
  return queryOptions({
    queryKey: [
      ...plannerKey,
      'conflicts',
      query.startAt,
      query.endAt,
      query.userIds.join(','),
      query.excludeId ?? null,
    ] as const,
    queryFn: ({ signal }) => getConflicts(query, signal),
    // The list stays while the next times are checked (no flicker under the fields).
    placeholderData: keepPreviousData,
  });
}

/** Asked once the range and the interviewers are valid (`query` null otherwise). */
export function useConflicts(query: ConflictQuery | null) {
  return useQuery({
    ...conflictsQueryOptions(query ?? { startAt: '', endAt: '', userIds: [] }),
    enabled: query !== null,
  });
}
