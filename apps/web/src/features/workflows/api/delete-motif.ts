import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidatePipeline, statusSettingsKey } from './workflow-keys.ts';

/** `DELETE /config/motifs/{id}`: 409 `motif_in_use:{count}` while applications hold it. */
export function deleteMotif(id: number): Promise<void> {
  return api.delete<void>(`/config/motifs/${id}`);
}

export function useDeleteMotif() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMotif,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: statusSettingsKey });
      invalidatePipeline(queryClient);
    },
  });
}
