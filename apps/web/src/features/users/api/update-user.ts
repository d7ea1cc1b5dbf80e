import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUser, TUserFormValues } from '@embauche/contracts/users';
import { api } from '../../../lib/api-client.ts';
import { usersBaseKey } from './user-keys.ts';

/** `PUT /users/{id}`: the dialog's fields. */
export function updateUser({ id, ...body }: TUserFormValues & { id: number }): Promise<TUser> {
  return api.put<TUser>(`/users/${id}`, body);
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: usersBaseKey }),
  });
}
