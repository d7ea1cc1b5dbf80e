import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TOnboardingCommentInput, TOnboardingTaskComment } from '@embauche/contracts/onboarding';
import { api } from '../../../lib/api-client.ts';
import { invalidateOnboardings } from './onboarding-keys.ts';

/** `POST /onboarding-tasks/{id}/comments {body}` → 201 the comment. */
export function commentOnboardingTask({
  id,
  ...body
}: TOnboardingCommentInput & { id: number }): Promise<TOnboardingTaskComment> {
  return api.post<TOnboardingTaskComment>(`/onboarding-tasks/${id}/comments`, body);
}

export function useCommentOnboardingTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: commentOnboardingTask,
    onSuccess: () => invalidateOnboardings(queryClient),
  });
}
