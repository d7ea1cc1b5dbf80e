import { useMutation } from '@tanstack/react-query';
import type { TChangePasswordRequest } from '@embauche/contracts/profile';
import { api } from '../../../lib/api-client.ts';

export function changePassword(body: TChangePasswordRequest): Promise<void> {
  return api.post<void>('/user_profile/change_password', body);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
