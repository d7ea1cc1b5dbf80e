import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRole, TRoleFormValues } from '@embauche/contracts/roles';
import { api } from '../../../lib/api-client.ts';
import { rolesTreeKey } from './role-keys.ts';

/** `PUT /roles/{id} {name, parent_id}`: rename and move. */
export function updateRole({ id, ...body }: TRoleFormValues & { id: number }): Promise<TRole> {
  return api.put<TRole>(`/roles/${id}`, body);
}

export function useUpdateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRole,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: rolesTreeKey }),
  });
}
