import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TRecruitmentList } from '@embauche/contracts/recruitment-lists';
import { api } from '../../../lib/api-client.ts';
import { recruitmentListKey } from './recruitment-list-keys.ts';

/** `GET /recruitment-lists/{id}`: 404 for a private list of someone else, or another company's. */
export function getRecruitmentList(id: number, signal?: AbortSignal): Promise<TRecruitmentList> {
  return api.get<TRecruitmentList>(`/recruitment-lists/${id}`, { signal });
}

export function recruitmentListQueryOptions(id: number) {
  return queryOptions({ queryKey: recruitmentListKey(id), queryFn: ({ signal }) => getRecruitmentList(id, signal) });
}

export function useRecruitmentList(id: number) {
  return useQuery(recruitmentListQueryOptions(id));
}
