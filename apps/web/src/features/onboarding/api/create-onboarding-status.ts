import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TOnboardingStatus, TOnboardingStatusCreateInput } from '@embauche/contracts/onboarding';
import { api } from '../../../lib/api-client.ts';
import { onboardingStatusesKey } from './onboarding-keys.ts';

/** `POST /onboarding/statuses {name}` → 201 the company's own status, at the end. */
export function createOnboardingStatus(body: TOnboardingStatusCreateInput): Promise<TOnboardingStatus> {
  return api.post<TOnboardingStatus>('/onboarding/statuses', body);
}

export function useCreateOnboardingStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOnboardingStatus,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: onboardingStatusesKey }),
  });
}
