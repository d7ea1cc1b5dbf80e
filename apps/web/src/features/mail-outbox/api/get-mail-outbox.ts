import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TOutboxMail } from '@embauche/contracts/mail';
import { api } from '../../../lib/api-client.ts';

export function getMailOutbox(signal?: AbortSignal): Promise<TOutboxMail[]> {
  return api.get<TOutboxMail[]>('/dev/mail-outbox', { signal, query: { limit: 50 } });
}

/** The company's latest e-mails (development only: the server answers 404 in production). */
export function mailOutboxQueryOptions() {
  return queryOptions({
    queryKey: ['dev', 'mail-outbox'] as const,
    queryFn: ({ signal }) => getMailOutbox(signal),
    retry: false,
  });
}

export function useMailOutbox() {
  return useQuery(mailOutboxQueryOptions());
}
