import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TStatusCreateInput, TStatusSetting } from '@embauche/contracts/workflows';
import { api } from '../../../lib/api-client.ts';
import { invalidatePipeline, statusSettingsKey, workflowsKey } from './workflow-keys.ts';

/** `POST /config/statuses {name, color}`: a custom status, added at the end of the default workflow. */
export function createStatus(body: TStatusCreateInput): Promise<TStatusSetting> {
  return api.post<TStatusSetting>('/config/statuses', body);
}

export function useCreateStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStatus,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: statusSettingsKey });
      void queryClient.invalidateQueries({ queryKey: workflowsKey });
      invalidatePipeline(queryClient);
    },
  });
}
