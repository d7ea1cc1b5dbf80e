import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TWorkflowAssignment } from '@embauche/contracts/workflows';
import { api } from '../../../lib/api-client.ts';
import { invalidatePipeline, workflowAssignmentsKey, workflowsKey } from './workflow-keys.ts';

/** `PUT /config/workflow-assignments {kind, id, workflow_id}`: null gives the inherited workflow back. */
export function setWorkflowAssignment(body: TWorkflowAssignment): Promise<void> {
  return api.put<void>('/config/workflow-assignments', body);
}

export function useSetWorkflowAssignment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setWorkflowAssignment,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: workflowAssignmentsKey });
      void queryClient.invalidateQueries({ queryKey: workflowsKey });
      invalidatePipeline(queryClient);
    },
  });
}
