import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TOnboardingProcess, TOnboardingProcessFormInput } from '@embauche/contracts/onboarding';
import { api } from '../../../lib/api-client.ts';
import { onboardingProcessesKey } from './onboarding-keys.ts';

/** `PUT /onboarding/processes/{id}`: steps sent back keep their id, the ones left out go; started onboardings keep their tasks. */
export function updateOnboardingProcess({
  id,
  ...body
}: TOnboardingProcessFormInput & { id: number }): Promise<TOnboardingProcess> {
  return api.put<TOnboardingProcess>(`/onboarding/processes/${id}`, body);
}

export function useUpdateOnboardingProcess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOnboardingProcess,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: onboardingProcessesKey }),
  });
}
