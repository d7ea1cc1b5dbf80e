import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRolePermissions } from '@embauche/contracts/roles';
import { api } from '../../../lib/api-client.ts';
import { rolePermissionsKey } from './role-keys.ts';

/** `PUT /roles/{id}/permissions {permissions}`: the role's whole set of keys. */
export function saveRolePermissions({ roleId, permissions }: { roleId: number; permissions: string[] }): Promise<TRolePermissions> {
  return api.put<TRolePermissions>(`/roles/${roleId}/permissions`, { permissions });
}

export function useSaveRolePermissions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRolePermissions,
    onSuccess: (saved) => queryClient.setQueryData(rolePermissionsKey(saved.role_id), saved),
  });
}
