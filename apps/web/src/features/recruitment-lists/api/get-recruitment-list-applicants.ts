import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TRecruitmentListApplicantPage } from '@embauche/contracts/recruitment-lists';
import { api } from '../../../lib/api-client.ts';
import { recruitmentListApplicantsKey } from './recruitment-list-keys.ts';

export const RECRUITMENT_LIST_APPLICANTS_PAGE_SIZE = 20;

/** `GET /recruitment-lists/{id}/applicants?page&per_page&search`: last added first; erased ones only counted (`archived`). */
export function getRecruitmentListApplicants(id: number, search: string, page: number, signal?: AbortSignal): Promise<TRecruitmentListApplicantPage> {
  return api.get<TRecruitmentListApplicantPage>(`/recruitment-lists/${id}/applicants`, {
    query: { page, per_page: RECRUITMENT_LIST_APPLICANTS_PAGE_SIZE, search: search.trim() || null },
    signal,
  });
}

export function recruitmentListApplicantsQueryOptions(id: number, search: string, page: number) {
  const term = search.trim();
  return queryOptions({
    queryKey: recruitmentListApplicantsKey(id, term, page),
    queryFn: ({ signal }) => getRecruitmentListApplicants(id, term, page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useRecruitmentListApplicants(id: number, search: string, page: number) {
  return useQuery(recruitmentListApplicantsQueryOptions(id, search, page));
}
