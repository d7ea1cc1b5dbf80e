import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TMotifCreateInput, TMotifSetting } from '@embauche/contracts/workflows';
import { api } from '../../../lib/api-client.ts';
import { invalidatePipeline, statusSettingsKey } from './workflow-keys.ts';

/** `POST /config/motifs {name, status_id}`. */
export function createMotif(body: TMotifCreateInput): Promise<TMotifSetting> {
  return api.post<TMotifSetting>('/config/motifs', body);
}

export function useCreateMotif() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMotif,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: statusSettingsKey });
      invalidatePipeline(queryClient);
    },
  });
}
