import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function disableTwoFactor(password: string): Promise<void> {
  return api.post<void>('/user_profile/two-factor/disable', { password });
}

export function useDisableTwoFactor(onDisabled?: () => void) {
  return useMutation({ mutationFn: disableTwoFactor, onSuccess: () => onDisabled?.() });
}
