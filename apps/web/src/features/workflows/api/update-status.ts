import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TStatusSetting, TStatusUpdateInput } from '@embauche/contracts/workflows';
import { api } from '../../../lib/api-client.ts';
import { invalidatePipeline, statusSettingsKey } from './workflow-keys.ts';

/** `PUT /config/statuses/{id} {name?, color?, hidden?}`: a default status renamed stores the company's name. */
export function updateStatus({ id, ...body }: TStatusUpdateInput & { id: number }): Promise<TStatusSetting> {
  return api.put<TStatusSetting>(`/config/statuses/${id}`, body);
}

export function useUpdateStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStatus,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: statusSettingsKey });
      invalidatePipeline(queryClient);
    },
  });
}
