import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMailModelItem } from '@embauche/contracts/mail-models';
import { api } from '../../../lib/api-client.ts';

/**
 * `GET /mailings/models`: every model of the company (at most 200), by kind then name, to pick one
 * in the e-mail dialog: whoever may write to candidates sees them, editors of the models or not.
 * The key starts like the models screen's (`mail-models`), whose changes then refresh it too.
 */
export function getMailModelChoices(signal?: AbortSignal): Promise<TMailModelItem[]> {
  return api.get<TMailModelItem[]>('/mailings/models', { signal });
}

export function mailModelChoicesQueryOptions() {
  return queryOptions({
    queryKey: ['mail-models', 'choices'] as const,
    queryFn: ({ signal }) => getMailModelChoices(signal),
  });
}

export function useMailModelChoices() {
  return useQuery(mailModelChoicesQueryOptions());
}
