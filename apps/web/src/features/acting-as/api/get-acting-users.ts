import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TActingUserPage } from '@embauche/contracts/acting-as';
import { api } from '../../../lib/api-client.ts';
import { actingKeys, type ActingFamily } from './acting-as-keys.ts';

/** `GET /superadmin/users` or `/partner/users`: a page of the acted-as company's users. */
export function getActingUsers(family: ActingFamily, search: string, page: number, signal?: AbortSignal) {
  return api.get<TActingUserPage>(`/${family}/users`, {
    query: { page, filter: { search } },
    signal,
  });
}

export function actingUsersQueryOptions(family: ActingFamily, search: string, page: number) {
  return queryOptions({
    queryKey: actingKeys.users(family, search, page),
    queryFn: ({ signal }) => getActingUsers(family, search, page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useActingUsers(family: ActingFamily, search: string, page: number) {
  return useQuery(actingUsersQueryOptions(family, search, page));
}
