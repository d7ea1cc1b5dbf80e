import { useMutation } from '@tanstack/react-query';
import type { TResetPasswordRequest } from '@embauche/contracts/password-reset';
import { api } from '../../../lib/api-client.ts';

/** Sets the new password through a reset link; the server ends every session of the account. */
export function resetPassword(body: TResetPasswordRequest): Promise<void> {
  return api.post<void>('/users/reset-password', body);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
