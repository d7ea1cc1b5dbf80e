import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TUserChoices } from '@embauche/contracts/users';
import { api } from '../../../lib/api-client.ts';
import { userChoicesKey } from './user-keys.ts';

/** `GET /users/choices`: the company's roles, groups and subsidiaries (filters and dialog). */
export function getUserChoices(signal?: AbortSignal): Promise<TUserChoices> {
  return api.get<TUserChoices>('/users/choices', { signal });
}

export function userChoicesQueryOptions() {
  return queryOptions({ queryKey: userChoicesKey, queryFn: ({ signal }) => getUserChoices(signal), staleTime: 5 * 60 * 1000 });
}

export function useUserChoices() {
  return useQuery(userChoicesQueryOptions());
}
