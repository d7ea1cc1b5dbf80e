import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { rolePermissionsKey, rolesTreeKey } from './role-keys.ts';

/** `DELETE /roles/{id}`: 409 while users hold it or it has child roles; never the root. */
export function deleteRole(id: number): Promise<void> {
  return api.delete<void>(`/roles/${id}`);
}

export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRole,
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: rolePermissionsKey(id) });
      void queryClient.invalidateQueries({ queryKey: rolesTreeKey });
    },
  });
}
