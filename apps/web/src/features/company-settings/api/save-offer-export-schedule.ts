import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TOfferExportSchedule, TOfferExportScheduleForm } from '@embauche/contracts/offer-export-schedules';
import { api } from '../../../lib/api-client.ts';
import { offerExportSchedulesKey } from './company-settings-keys.ts';

export type SaveOfferExportSchedule = TOfferExportScheduleForm & { id?: number };

/** `POST /config/offer-export-schedules` (new) or `PUT /config/offer-export-schedules/{id}`. */
export function saveOfferExportSchedule({ id, ...body }: SaveOfferExportSchedule): Promise<TOfferExportSchedule> {
  return id === undefined
    ? api.post<TOfferExportSchedule>('/config/offer-export-schedules', body)
    : api.put<TOfferExportSchedule>(`/config/offer-export-schedules/${id}`, body);
}

export function useSaveOfferExportSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveOfferExportSchedule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: offerExportSchedulesKey }),
  });
}
