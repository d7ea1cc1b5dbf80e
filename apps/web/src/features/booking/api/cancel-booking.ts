import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TBookingView } from '@embauche/contracts/planner';
import { api } from '../../../lib/api-client.ts';
import { bookingKey } from './booking-keys.ts';

/** `DELETE /booking/{token}` (public): the appointment is cancelled; the link can book again until it expires. */
export function cancelBooking(token: string): Promise<TBookingView> {
  return api.delete<TBookingView>(`/booking/${encodeURIComponent(token)}`);
}

export function useCancelBooking(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelBooking(token),
    onSuccess: (view) => queryClient.setQueryData([...bookingKey(token), 'view'], view),
    onSettled: () =>
      void queryClient.invalidateQueries({ queryKey: [...bookingKey(token), 'slots'] }),
  });
}
