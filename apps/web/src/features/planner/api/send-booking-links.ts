import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TBookingLinkInput, TBookingLinkResult } from '@embauche/contracts/planner';
import { api } from '../../../lib/api-client.ts';
import { plannerKey } from './planner-keys.ts';

/** `POST /planner/booking-links`: a booking link to each application's applicant, by e-mail and/or SMS. */
export function sendBookingLinks(body: TBookingLinkInput): Promise<TBookingLinkResult> {
  return api.post<TBookingLinkResult>('/planner/booking-links', body);
}

export function useSendBookingLinks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendBookingLinks,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: plannerKey }),
  });
}
