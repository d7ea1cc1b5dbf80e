import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidatePipeline, workflowAssignmentsKey, workflowsKey } from './workflow-keys.ts';

/** `DELETE /config/workflows/{id}`: 409 `workflow_is_default` for the default. */
export function deleteWorkflow(id: number): Promise<void> {
  return api.delete<void>(`/config/workflows/${id}`);
}

export function useDeleteWorkflow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWorkflow,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: workflowsKey });
      void queryClient.invalidateQueries({ queryKey: workflowAssignmentsKey });
      invalidatePipeline(queryClient);
    },
  });
}
