import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TFreeSlots } from '@embauche/contracts/planner';
import { api } from '../../../lib/api-client.ts';
import { bookingKey } from './booking-keys.ts';

/** `GET /booking/{token}/slots?from&to` (public): the free slots of the range. */
export function getBookingSlots(
  token: string,
  from: string,
  to: string,
  signal?: AbortSignal,
): Promise<TFreeSlots> {
  return api.get<TFreeSlots>(`/booking/${encodeURIComponent(token)}/slots`, {
    signal,
    query: { from, to },
  });
}

export function bookingSlotsQueryOptions(token: string, from: string, to: string) {
  return queryOptions({
    queryKey: [...bookingKey(token), 'slots', from, to] as const,
    queryFn: ({ signal }) => getBookingSlots(token, from, to, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useBookingSlots(token: string, range: { from: string; to: string } | null) {
  return useQuery({
    ...bookingSlotsQueryOptions(token, range?.from ?? '', range?.to ?? ''),
    enabled: range !== null,
  });
}
