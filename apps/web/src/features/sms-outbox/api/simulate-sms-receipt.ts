import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSmsOutboxReceiptPayload } from '@embauche/contracts/sms';
import { api } from '../../../lib/api-client.ts';
import { smsOutboxKey } from './get-sms-outbox.ts';

export type SmsReceiptInput = { id: number } & TSmsOutboxReceiptPayload;

/** `POST /dev/sms/outbox/{id}/receipt {state, reason?}` (204): the provider's delivery receipt, simulated. */
export function simulateSmsReceipt({ id, ...payload }: SmsReceiptInput): Promise<void> {
  return api.post<void>(`/dev/sms/outbox/${id}/receipt`, payload);
}

export function useSimulateSmsReceipt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: simulateSmsReceipt,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: smsOutboxKey }),
  });
}
