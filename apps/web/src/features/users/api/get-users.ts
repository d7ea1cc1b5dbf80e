import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TUserPage, TUserSort } from '@embauche/contracts/users';
import { api } from '../../../lib/api-client.ts';
import { usersPageKey } from './user-keys.ts';

export const USERS_PAGE_SIZE = 20;

/** The list's filters as the API reads them (`filter[…]`); ids stay strings, as in the URL. */
export type UsersFilter = {
  q: string | null;
  role: string | null;
  group: string | null;
  subsidiary: string | null;
  active: '1' | '0' | null;
  sort: TUserSort;
};

/** `GET /users?page&per_page&sort&filter[q|role|group|subsidiary|active]`: one page of the company's users. */
export function getUsers(filter: UsersFilter, page: number, signal?: AbortSignal): Promise<TUserPage> {
  const { sort, ...filters } = filter;
  return api.get<TUserPage>('/users', { query: { page, per_page: USERS_PAGE_SIZE, sort, filter: filters }, signal });
}

export function usersQueryOptions(filter: UsersFilter, page: number) {
  return queryOptions({
    queryKey: usersPageKey(filter, page),
    queryFn: ({ signal }) => getUsers(filter, page, signal),
    // The page stays on screen (dimmed) while the next filter or page loads.
    placeholderData: keepPreviousData,
  });
}

export function useUsers(filter: UsersFilter, page: number) {
  return useQuery(usersQueryOptions(filter, page));
}
