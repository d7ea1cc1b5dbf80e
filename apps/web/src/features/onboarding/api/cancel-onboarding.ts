import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TOnboarding } from '@embauche/contracts/onboarding';
import { api } from '../../../lib/api-client.ts';
import { invalidateOnboardings } from './onboarding-keys.ts';

/** `POST /onboardings/{id}/cancel`: status cancelled, e-mails not sent yet are called off. */
export function cancelOnboarding(id: number): Promise<TOnboarding> {
  return api.post<TOnboarding>(`/onboardings/${id}/cancel`);
}

export function useCancelOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOnboarding,
    onSuccess: () => invalidateOnboardings(queryClient),
  });
}
