import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { onboardingStatusesKey } from './onboarding-keys.ts';

/** `DELETE /onboarding/statuses/{id}` → 204; 409 `status_not_deletable` (system) or `status_in_use:{count}`. */
export function deleteOnboardingStatus(id: number): Promise<void> {
  return api.delete<void>(`/onboarding/statuses/${id}`);
}

export function useDeleteOnboardingStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOnboardingStatus,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: onboardingStatusesKey }),
  });
}
