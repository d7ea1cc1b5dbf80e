import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TOnboardingTask, TOnboardingTaskUpdateInput } from '@embauche/contracts/onboarding';
import { api } from '../../../lib/api-client.ts';
import { invalidateOnboardings } from './onboarding-keys.ts';

/** `PUT /onboarding-tasks/{id}`: ticked or unticked (its owner too), reassigned or its due date moved (onboarding.access). */
export function updateOnboardingTask({
  id,
  ...body
}: TOnboardingTaskUpdateInput & { id: number }): Promise<TOnboardingTask> {
  return api.put<TOnboardingTask>(`/onboarding-tasks/${id}`, body);
}

export function useUpdateOnboardingTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOnboardingTask,
    onSuccess: () => invalidateOnboardings(queryClient),
  });
}
