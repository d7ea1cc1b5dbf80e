import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TBookingView } from '@embauche/contracts/planner';
import { api } from '../../../lib/api-client.ts';
import { bookingKey } from './booking-keys.ts';

/** `GET /booking/{token}` (public): the link's template, the candidate's first name and the appointment if booked. */
export function getBooking(token: string, signal?: AbortSignal): Promise<TBookingView> {
  return api.get<TBookingView>(`/booking/${encodeURIComponent(token)}`, { signal });
}

export function bookingQueryOptions(token: string) {
  return queryOptions({
    queryKey: [...bookingKey(token), 'view'] as const,
    queryFn: ({ signal }) => getBooking(token, signal),
    retry: false,
  });
}

export function useBooking(token: string) {
  return useQuery(bookingQueryOptions(token));
}
