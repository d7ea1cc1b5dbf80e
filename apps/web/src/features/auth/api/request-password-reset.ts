import { useMutation } from '@tanstack/react-query';
import type { TPasswordRequestedRequest } from '@embauche/contracts/password-reset';
import { api } from '../../../lib/api-client.ts';

/** Asks for a reset link; the answer is the same whether or not the address is an account's. */
export function requestPasswordReset(body: TPasswordRequestedRequest): Promise<void> {
  return api.post<void>('/users/password-requested', body);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
