import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSmsOutboxList } from '@embauche/contracts/sms';
import { api } from '../../../lib/api-client.ts';

export const smsOutboxKey = ['dev', 'sms-outbox'] as const;

/** `GET /dev/sms/outbox`: the company's latest texts, newest first (404 unless `SMS_PROVIDER=outbox`, outside production). */
export function getSmsOutbox(signal?: AbortSignal): Promise<TSmsOutboxList> {
  return api.get<TSmsOutboxList>('/dev/sms/outbox', { signal });
}

export function smsOutboxQueryOptions() {
  return queryOptions({
    queryKey: smsOutboxKey,
    queryFn: ({ signal }) => getSmsOutbox(signal),
    retry: false,
  });
}

export function useSmsOutbox() {
  return useQuery(smsOutboxQueryOptions());
}
