import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUserActivation } from '@embauche/contracts/users';
import { api } from '../../../lib/api-client.ts';
import { usersBaseKey } from './user-keys.ts';

/** `PUT /users/account-activation {user_ids, active}`: deactivation ends their sessions at once. */
export function setUsersActive(body: TUserActivation): Promise<void> {
  return api.put<void>('/users/account-activation', body);
}

export function useSetUsersActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUsersActive,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: usersBaseKey }),
  });
}
