import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { offerExportSchedulesKey } from './company-settings-keys.ts';

/** `DELETE /config/offer-export-schedules/{id}` (its past exports stay). */
export function deleteOfferExportSchedule(id: number): Promise<void> {
  return api.delete<void>(`/config/offer-export-schedules/${id}`);
}

export function useDeleteOfferExportSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOfferExportSchedule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: offerExportSchedulesKey }),
  });
}
