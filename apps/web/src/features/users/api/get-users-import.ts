import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TUserImport } from '@embauche/contracts/user-import';
import { api } from '../../../lib/api-client.ts';
import { usersImportKey } from './user-keys.ts';

/** `GET /users/imports/{id}`: the import's status and progress. */
export function getUsersImport(id: number, signal?: AbortSignal): Promise<TUserImport> {
  return api.get<TUserImport>(`/users/imports/${id}`, { signal });
}

/** Asked again every second while the import is queued or running. */
export function usersImportQueryOptions(id: number) {
  return queryOptions({
    queryKey: usersImportKey(id),
    queryFn: ({ signal }) => getUsersImport(id, signal),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'done' || status === 'failed' ? false : 1000;
    },
  });
}

export function useUsersImport(id: number | null) {
  return useQuery({ ...usersImportQueryOptions(id ?? 0), enabled: id !== null });
}
