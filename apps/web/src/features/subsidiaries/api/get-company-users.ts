import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TSubsidiaryUserPage } from '@embauche/contracts/subsidiaries';
import { api } from '../../../lib/api-client.ts';
import { subsidiaryCompanyUsersKey } from './subsidiary-keys.ts';

/** Users offered by the users dialog at once; the search narrows them. */
export const COMPANY_USERS_PAGE_SIZE = 50;

/** `GET /config/subsidiaries/users?page&per_page&filter[search]`: the company's users with their subsidiary. */
export function getCompanyUsers(search: string, signal?: AbortSignal): Promise<TSubsidiaryUserPage> {
  return api.get<TSubsidiaryUserPage>('/config/subsidiaries/users', {
    query: { page: 1, per_page: COMPANY_USERS_PAGE_SIZE, filter: { search: search.trim() || null } },
    signal,
  });
}

export function companyUsersQueryOptions(search: string) {
  const term = search.trim();
  return queryOptions({
    queryKey: [...subsidiaryCompanyUsersKey, term],
    queryFn: ({ signal }) => getCompanyUsers(term, signal),
    placeholderData: keepPreviousData,
    staleTime: 60 * 1000,
  });
}

export function useCompanyUsers(search: string) {
  return useQuery(companyUsersQueryOptions(search));
}
