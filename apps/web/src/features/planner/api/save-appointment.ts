import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAppointment, TAppointmentInput } from '@embauche/contracts/planner';
import { api } from '../../../lib/api-client.ts';
import { plannerKey } from './planner-keys.ts';

/** `POST /planner/appointments` (no id) or `PUT /planner/appointments/{id}` (edit, move, resize). */
export function saveAppointment({
  id,
  ...body
}: TAppointmentInput & { id?: number }): Promise<TAppointment> {
  return id === undefined
    ? api.post<TAppointment>('/planner/appointments', body)
    : api.put<TAppointment>(`/planner/appointments/${id}`, body);
}

export function useSaveAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAppointment,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: plannerKey }),
  });
}
