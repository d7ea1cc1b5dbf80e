import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@embauche/contracts/constants';
import type { TSubsidiaryUser, TSubsidiaryUserPage } from '@embauche/contracts/subsidiaries';
import { api } from '../../../lib/api-client.ts';
import { subsidiaryUsersKey } from './subsidiary-keys.ts';

/**
 * `GET /config/subsidiaries/{id}/users?page&per_page`, every page: the users dialog sets the whole
 * list (`PUT /config/subsidiaries/{id}/users`), so it must start from all of them.
 */
export async function getSubsidiaryUsers(id: number, signal?: AbortSignal): Promise<TSubsidiaryUser[]> {
  const users: TSubsidiaryUser[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await api.get<TSubsidiaryUserPage>(`/config/subsidiaries/${id}/users`, {
      query: { page, per_page: MAX_PAGE_SIZE },
      signal,
    });
    users.push(...answer.data);
    if (page >= answer.last_page) return users;
  }
}

export function subsidiaryUsersQueryOptions(id: number) {
  return queryOptions({
    queryKey: subsidiaryUsersKey(id),
    queryFn: ({ signal }) => getSubsidiaryUsers(id, signal),
  });
}

export function useSubsidiaryUsers(id: number) {
  return useQuery(subsidiaryUsersQueryOptions(id));
}
