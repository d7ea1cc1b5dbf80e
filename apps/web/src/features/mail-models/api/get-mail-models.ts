import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TMailKind, TMailModelPage } from '@embauche/contracts/mail-models';
import { api } from '../../../lib/api-client.ts';
import { mailModelsKey } from './mail-models-keys.ts';

export const MAIL_MODELS_PAGE_SIZE = 20;

export type MailModelsFilters = { kind: TMailKind | null; search: string | null; page: number };

/** `GET /mail-models?page&per_page&filter[kind]&search`: one page of the company's models, by kind then name. */
export function getMailModels(
  { kind, search, page }: MailModelsFilters,
  signal?: AbortSignal,
): Promise<TMailModelPage> {
  return api.get<TMailModelPage>('/mail-models', {
    query: { page, per_page: MAIL_MODELS_PAGE_SIZE, filter: { kind }, search },
    signal,
  });
}

export function mailModelsQueryOptions(filters: MailModelsFilters) {
  return queryOptions({
    queryKey: [...mailModelsKey, 'pages', filters] as const,
    queryFn: ({ signal }) => getMailModels(filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMailModels(filters: MailModelsFilters) {
  return useQuery(mailModelsQueryOptions(filters));
}
