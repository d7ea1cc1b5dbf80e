import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSmsMassSendInput, TSmsMassSendResult } from '@embauche/contracts/sms';
import { api } from '../../../lib/api-client.ts';
import { smsBaseKey } from './sms-keys.ts';

/**
 * `POST /sms/mass-send {applicant_ids, offer_id, message}`: one SMS to each applicant of the offer.
 * Answers the `{applicationId, applicantId}` actually sent, and the refused ones with their reason
 * (no valid mobile, no application on the offer); a 422 only for a bad payload. With `selection`
 * ("all that match", issue 42 part 2): 409 `selection_changed` when the set's size changed.
 */
export function massSendSms(payload: TSmsMassSendInput): Promise<TSmsMassSendResult> {
  return api.post<TSmsMassSendResult>('/sms/mass-send', payload);
}

/** The SMS conversations and counters shown elsewhere (header sheet, panes) are read again afterwards. */
export function useMassSendSms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: massSendSms,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: smsBaseKey }),
  });
}
