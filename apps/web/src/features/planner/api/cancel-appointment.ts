import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { plannerKey } from './planner-keys.ts';

/** `DELETE /planner/appointments/{id}?notify_applicant=1`: cancelled; the applicant told by e-mail when asked. */
export function cancelAppointment({
  id,
  notifyApplicant,
}: {
  id: number;
  notifyApplicant: boolean;
}): Promise<void> {
  return apiRequest<void>(`/planner/appointments/${id}`, {
    method: 'DELETE',
    query: { notify_applicant: notifyApplicant ? 1 : null },
  });
}

export function useCancelAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelAppointment,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: plannerKey }),
  });
}
