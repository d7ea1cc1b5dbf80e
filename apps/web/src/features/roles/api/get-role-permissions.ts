import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TRolePermissions } from '@embauche/contracts/roles';
import { api } from '../../../lib/api-client.ts';
import { rolePermissionsKey } from './role-keys.ts';

/** `GET /roles/{id}/permissions`: the role's keys, in catalogue order. */
export function getRolePermissions(roleId: number, signal?: AbortSignal): Promise<TRolePermissions> {
  return api.get<TRolePermissions>(`/roles/${roleId}/permissions`, { signal });
}

export function rolePermissionsQueryOptions(roleId: number) {
  return queryOptions({
    queryKey: rolePermissionsKey(roleId),
    queryFn: ({ signal }) => getRolePermissions(roleId, signal),
  });
}

export function useRolePermissions(roleId: number | null) {
  return useQuery({ ...rolePermissionsQueryOptions(roleId ?? 0), enabled: roleId !== null });
}
