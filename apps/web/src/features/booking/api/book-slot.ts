import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TBookingView } from '@embauche/contracts/planner';
import { api } from '../../../lib/api-client.ts';
import { bookingKey } from './booking-keys.ts';

/** `POST /booking/{token}` books the slot; `PUT` moves the booked appointment to it. */
export function bookSlot(
  token: string,
  startAt: string,
  reschedule: boolean,
): Promise<TBookingView> {
  const path = `/booking/${encodeURIComponent(token)}`;
  const body = { start_at: startAt };
  return reschedule ? api.put<TBookingView>(path, body) : api.post<TBookingView>(path, body);
}

export function useBookSlot(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ startAt, reschedule }: { startAt: string; reschedule: boolean }) =>
      bookSlot(token, startAt, reschedule),
    onSuccess: (view) => queryClient.setQueryData([...bookingKey(token), 'view'], view),
    // Taken or not, the free slots changed.
    onSettled: () =>
      void queryClient.invalidateQueries({ queryKey: [...bookingKey(token), 'slots'] }),
  });
}
