import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSmsOutboxReplyPayload } from '@embauche/contracts/sms';
import { api } from '../../../lib/api-client.ts';
import { smsOutboxKey } from './get-sms-outbox.ts';

export type SmsReplyInput = { id: number } & TSmsOutboxReplyPayload;

/** `POST /dev/sms/outbox/{id}/reply {message}` (204): the applicant answers that text (stored, published live, notified). */
export function simulateSmsReply({ id, ...payload }: SmsReplyInput): Promise<void> {
  return api.post<void>(`/dev/sms/outbox/${id}/reply`, payload);
}

export function useSimulateSmsReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: simulateSmsReply,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: smsOutboxKey }),
  });
}
