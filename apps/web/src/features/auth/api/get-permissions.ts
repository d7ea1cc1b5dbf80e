import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function getPermissions(signal?: AbortSignal): Promise<string[]> {
  return api.get<string[]>('/permissions/me', { signal });
}

export function permissionsQueryOptions() {
  return queryOptions({
    queryKey: ['permissions', 'me'] as const,
    queryFn: ({ signal }) => getPermissions(signal),
    staleTime: 5 * 60 * 1000,
  });
}

export function usePermissions(enabled = true) {
  return useQuery({ ...permissionsQueryOptions(), enabled });
}
