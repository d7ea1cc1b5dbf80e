import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidatePipeline, statusSettingsKey, workflowsKey } from './workflow-keys.ts';

/** `DELETE /config/statuses/{id}`: 409 `status_in_use:{count}` while applications hold it. */
export function deleteStatus(id: number): Promise<void> {
  return api.delete<void>(`/config/statuses/${id}`);
}

export function useDeleteStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStatus,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: statusSettingsKey });
      void queryClient.invalidateQueries({ queryKey: workflowsKey });
      invalidatePipeline(queryClient);
    },
  });
}
