import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { onboardingProcessesKey } from './onboarding-keys.ts';

/** `DELETE /onboarding/processes/{id}` → 204 (started onboardings keep their tasks). */
export function deleteOnboardingProcess(id: number): Promise<void> {
  return api.delete<void>(`/onboarding/processes/${id}`);
}

export function useDeleteOnboardingProcess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOnboardingProcess,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: onboardingProcessesKey }),
  });
}
