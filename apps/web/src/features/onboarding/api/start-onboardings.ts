import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TOnboardingBulkCreateInput, TOnboardingBulkResult } from '@embauche/contracts/onboarding';
import { api } from '../../../lib/api-client.ts';
import { invalidateOnboardings } from './onboarding-keys.ts';

/** `POST /onboardings/bulk`: up to 1000 recruited applications at once; the others are skipped with a reason. */
export function startOnboardings(body: TOnboardingBulkCreateInput): Promise<TOnboardingBulkResult> {
  return api.post<TOnboardingBulkResult>('/onboardings/bulk', body);
}

export function useStartOnboardings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startOnboardings,
    onSuccess: () => invalidateOnboardings(queryClient),
  });
}
