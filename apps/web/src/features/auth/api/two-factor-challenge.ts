import { useMutation } from '@tanstack/react-query';
import type { TTwoFactorChallengeRequest } from '@embauche/contracts/auth';
import { api } from '../../../lib/api-client.ts';

export function twoFactorChallenge(body: TTwoFactorChallengeRequest): Promise<void> {
  return api.post<void>('/two-factor-challenge', body);
}

export function useTwoFactorChallenge() {
  return useMutation({ mutationFn: twoFactorChallenge });
}
