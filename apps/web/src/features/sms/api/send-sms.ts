import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSmsMessage, TSmsSendPayload } from '@embauche/contracts/sms';
import { api } from '../../../lib/api-client.ts';
import { smsActiveKey, smsListsKey, upsertCachedMessage } from './sms-keys.ts';

/** `POST /sms/send {application_id, applicant_id, message}` → 201 the stored message (state `pending`). */
export function sendSms(payload: TSmsSendPayload): Promise<TSmsMessage> {
  return api.post<TSmsMessage>('/sms/send', payload);
}

/** The message joins its conversation at once; the lists (newest first) are read again. */
export function useSendSms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendSms,
    onSuccess: (message, payload) => {
      upsertCachedMessage(queryClient, payload.applicant_id, payload.application_id, message);
      void queryClient.invalidateQueries({ queryKey: smsActiveKey });
      void queryClient.invalidateQueries({ queryKey: smsListsKey });
    },
  });
}
