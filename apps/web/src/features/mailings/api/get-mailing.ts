import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMailing } from '@embauche/contracts/mailings';
import { api } from '../../../lib/api-client.ts';
import { mailingKey } from './mailings-keys.ts';

/** How often the dialog asks for the progress while the mailing is not over. */
export const MAILING_POLL_MS = 1000;

export function isMailingOver(mailing: TMailing | undefined): boolean {
  return mailing?.status === 'done' || mailing?.status === 'cancelled';
}

/** `GET /mailings/{id}`: its progress (sent, skipped and why). */
export function getMailing(id: number, signal?: AbortSignal): Promise<TMailing> {
  return api.get<TMailing>(`/mailings/${id}`, { signal });
}

/** Asked every second until the mailing is done or cancelled. */
export function mailingQueryOptions(id: number) {
  return queryOptions({
    queryKey: mailingKey(id),
    queryFn: ({ signal }) => getMailing(id, signal),
    refetchInterval: (query) => (isMailingOver(query.state.data) ? false : MAILING_POLL_MS),
    // Still asked when the window is in the background: the dialog's progress is what the user waits for.
    refetchIntervalInBackground: true,
  });
}

export function useMailing(id: number) {
  return useQuery(mailingQueryOptions(id));
}
