import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TOnboardingProcess, TOnboardingProcessFormInput } from '@embauche/contracts/onboarding';
import { api } from '../../../lib/api-client.ts';
import { onboardingProcessesKey } from './onboarding-keys.ts';

/** `POST /onboarding/processes` → 201 the process (steps in the order sent). */
export function createOnboardingProcess(body: TOnboardingProcessFormInput): Promise<TOnboardingProcess> {
  return api.post<TOnboardingProcess>('/onboarding/processes', body);
}

export function useCreateOnboardingProcess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOnboardingProcess,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: onboardingProcessesKey }),
  });
}
