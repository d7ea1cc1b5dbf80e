import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type TwoFactorConfirmResponse = { recovery_codes: string[] };

export function confirmTwoFactor(code: string): Promise<TwoFactorConfirmResponse> {
  return api.post<TwoFactorConfirmResponse>('/user_profile/two-factor/confirm', { code });
}

export function useConfirmTwoFactor() {
  return useMutation({ mutationFn: confirmTwoFactor });
}
