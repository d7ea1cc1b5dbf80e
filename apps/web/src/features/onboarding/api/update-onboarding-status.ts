import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TOnboardingStatus, TOnboardingStatusUpdateInput } from '@embauche/contracts/onboarding';
import { api } from '../../../lib/api-client.ts';
import { onboardingKey } from './onboarding-keys.ts';

/** `PUT /onboarding/statuses/{id} {name?, position?}`: renamed (a system one: '' gives its translated name back) or moved. */
export function updateOnboardingStatus({
  id,
  ...body
}: TOnboardingStatusUpdateInput & { id: number }): Promise<TOnboardingStatus> {
  return api.put<TOnboardingStatus>(`/onboarding/statuses/${id}`, body);
}

export function useUpdateOnboardingStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOnboardingStatus,
    // The lists and the board show the statuses' names too.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: onboardingKey }),
  });
}
