import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRole, TRoleFormValues } from '@embauche/contracts/roles';
import { api } from '../../../lib/api-client.ts';
import { rolesTreeKey } from './role-keys.ts';

/** `POST /roles {name, parent_id}`: a new role under another (one root per company). */
export function createRole(body: TRoleFormValues): Promise<TRole> {
  return api.post<TRole>('/roles', body);
}

export function useCreateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRole,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: rolesTreeKey }),
  });
}
