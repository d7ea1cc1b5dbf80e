import { useMutation } from '@tanstack/react-query';
import type { TTwoFactorSetup } from '@embauche/contracts/profile';
import { api } from '../../../lib/api-client.ts';

export function setupTwoFactor(): Promise<TTwoFactorSetup> {
  return api.post<TTwoFactorSetup>('/user_profile/two-factor/setup');
}

export function useSetupTwoFactor() {
  return useMutation({ mutationFn: setupTwoFactor });
}
