import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TMailing, TMailingFormInput } from '@embauche/contracts/mailings';
import { api } from '../../../lib/api-client.ts';
import { mailingKey } from './mailings-keys.ts';

export type CreateMailing = { input: TMailingFormInput; files?: File[] };

/**
 * `POST /mailings`: queued (202); a background job writes the e-mails, each recipient once. With
 * files, multipart: the input as JSON text in `payload`, each file in `attachments[]`.
 */
export function createMailing({ input, files = [] }: CreateMailing): Promise<TMailing> {
  if (!files.length) return api.post<TMailing>('/mailings', input);
  const body = new FormData();
  body.append('payload', JSON.stringify(input));
  for (const file of files) body.append('attachments[]', file, file.name);
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
