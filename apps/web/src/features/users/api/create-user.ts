import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUser, TUserFormValues } from '@embauche/contracts/users';
import { api } from '../../../lib/api-client.ts';
import { usersBaseKey } from './user-keys.ts';

/** `POST /users`: a new user of the company, without a password (they set it from the reset link). */
export function createUser(body: TUserFormValues): Promise<TUser> {
  return api.post<TUser>('/users', body);
}

/** Spec 7: mutations refresh the cached user lists. */
export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: usersBaseKey }),
  });
}
