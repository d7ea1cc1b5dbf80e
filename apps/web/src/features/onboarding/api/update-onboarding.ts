import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TOnboarding, TOnboardingUpdateInput } from '@embauche/contracts/onboarding';
import { api } from '../../../lib/api-client.ts';
import { invalidateOnboardings, onboardingDetailKey } from './onboarding-keys.ts';

/** `PUT /onboardings/{id}`: status, start date (the open tasks' due dates move with it), manager. */
export function updateOnboarding({ id, ...body }: TOnboardingUpdateInput & { id: number }): Promise<TOnboarding> {
  return api.put<TOnboarding>(`/onboardings/${id}`, body);
}

export function useUpdateOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOnboarding,
    onSuccess: (onboarding) => {
      queryClient.setQueryData(onboardingDetailKey(onboarding.id), onboarding);
      invalidateOnboardings(queryClient);
    },
  });
}
