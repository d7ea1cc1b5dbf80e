import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TMailing, TMailingInput } from '@embauche/contracts/mailings';
import { api } from '../../../lib/api-client.ts';
import { mailingKey } from './mailings-keys.ts';

/** `POST /mailings`: queued (202); a background job writes the e-mails, each recipient once. */
export function createMailing(body: TMailingInput): Promise<TMailing> {
  return api.post<TMailing>('/mailings', body);
}

/** The answer is the mailing's first progress: its polling starts from it. */
export function useCreateMailing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMailing,
    onSuccess: (mailing) => queryClient.setQueryData(mailingKey(mailing.id), mailing),
  });
}
