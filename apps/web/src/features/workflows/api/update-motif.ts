import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TMotifSetting, TMotifUpdateInput } from '@embauche/contracts/workflows';
import { api } from '../../../lib/api-client.ts';
import { invalidatePipeline, statusSettingsKey } from './workflow-keys.ts';

/** `PUT /config/motifs/{id} {name?, hidden?}`. */
export function updateMotif({ id, ...body }: TMotifUpdateInput & { id: number }): Promise<TMotifSetting> {
  return api.put<TMotifSetting>(`/config/motifs/${id}`, body);
}

export function useUpdateMotif() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMotif,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: statusSettingsKey });
      invalidatePipeline(queryClient);
    },
  });
}
