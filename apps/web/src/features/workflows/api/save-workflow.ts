import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TWorkflow, TWorkflowFormValues } from '@embauche/contracts/workflows';
import { api } from '../../../lib/api-client.ts';
import { invalidatePipeline, workflowsKey } from './workflow-keys.ts';

/** `POST /config/workflows` (no id) or `PUT /config/workflows/{id}` {name, status_ids, is_default}. */
export function saveWorkflow({ id, ...body }: TWorkflowFormValues & { id?: number | undefined }): Promise<TWorkflow> {
  return id === undefined ? api.post<TWorkflow>('/config/workflows', body) : api.put<TWorkflow>(`/config/workflows/${id}`, body);
}

export function useSaveWorkflow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveWorkflow,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: workflowsKey });
      invalidatePipeline(queryClient);
    },
  });
}
