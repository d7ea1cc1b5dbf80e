import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMailModelItem, TMailModelPage } from '@embauche/contracts/mail-models';
import { api } from '../../../lib/api-client.ts';

/** The largest page the API serves: a company's models (at most 200) come in one or two pages. */
const PER_PAGE = 100;
const MAX_PAGES = 3;

/**
 * `GET /mail-models?per_page=100` (each page up to the last): every model of the company, by kind
 * then name, to pick one in the e-mail dialog. The key starts like the models screen's
 * (`mail-models`), whose changes then refresh this list too.
 */
export async function getMailModelChoices(signal?: AbortSignal): Promise<TMailModelItem[]> {
  const models: TMailModelItem[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const answer = await api.get<TMailModelPage>('/mail-models', {
      query: { page, per_page: PER_PAGE },
      signal,
    });
    models.push(...answer.data);
    if (answer.current_page >= answer.last_page) break;
  }
  return models;
}

export function mailModelChoicesQueryOptions() {
  return queryOptions({
    queryKey: ['mail-models', 'choices'] as const,
    queryFn: ({ signal }) => getMailModelChoices(signal),
  });
}

/** `enabled` false for users who may not read the models (`config.emails`): they write freely. */
export function useMailModelChoices(enabled: boolean) {
  return useQuery({ ...mailModelChoicesQueryOptions(), enabled });
}
