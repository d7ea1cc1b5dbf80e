import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TRecruitmentListUserPage } from '@embauche/contracts/recruitment-lists';
import { api } from '../../../lib/api-client.ts';
import { recruitmentListUsersKey } from './recruitment-list-keys.ts';

/** Users offered by the sharing field at once (the company's active users but the caller). */
export const RECRUITMENT_LIST_USERS_PAGE_SIZE = 100;

/** `GET /recruitment-lists/users?page&per_page&search`: whom a list can be shared with, by last name. */
export function getRecruitmentListUsers(search: string, signal?: AbortSignal): Promise<TRecruitmentListUserPage> {
  return api.get<TRecruitmentListUserPage>('/recruitment-lists/users', {
    query: { page: 1, per_page: RECRUITMENT_LIST_USERS_PAGE_SIZE, search: search.trim() || null },
    signal,
  });
}

export function recruitmentListUsersQueryOptions(search: string) {
  const term = search.trim();
  return queryOptions({
    queryKey: [...recruitmentListUsersKey, term],
    queryFn: ({ signal }) => getRecruitmentListUsers(term, signal),
    placeholderData: keepPreviousData,
    staleTime: 60 * 1000,
  });
}

export function useRecruitmentListUsers(search: string, enabled = true) {
  return useQuery({ ...recruitmentListUsersQueryOptions(search), enabled });
}
