import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TOnboarding, TOnboardingCreateInput } from '@embauche/contracts/onboarding';
import { api } from '../../../lib/api-client.ts';
import { invalidateOnboardings } from './onboarding-keys.ts';

/** `POST /onboardings`: one recruited application's onboarding (422 not recruited, 409 one already open). */
export function startOnboarding(body: TOnboardingCreateInput): Promise<TOnboarding> {
  return api.post<TOnboarding>('/onboardings', body);
}

export function useStartOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startOnboarding,
    onSuccess: () => invalidateOnboardings(queryClient),
  });
}
