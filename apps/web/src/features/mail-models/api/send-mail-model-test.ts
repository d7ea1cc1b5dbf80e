import { useMutation } from '@tanstack/react-query';
import type { Language } from '@embauche/contracts/constants';
import { api } from '../../../lib/api-client.ts';

export type SendMailModelTestInput = { id: number; language: Language };

/**
 * `POST /mail-models/{id}/test {language}` (202): the saved content in that language, filled with
 * sample data, sent to the signed-in user's own address.
 */
export function sendMailModelTest({ id, language }: SendMailModelTestInput): Promise<void> {
  return api.post<void>(`/mail-models/${id}/test`, { language });
}

export function useSendMailModelTest() {
  return useMutation({ mutationFn: sendMailModelTest });
}
