import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMailModel } from '@embauche/contracts/mail-models';
import { api } from '../../../lib/api-client.ts';
import { mailModelsKey } from './mail-models-keys.ts';

export function mailModelKey(id: number) {
  return [...mailModelsKey, 'model', id] as const;
}

/** `GET /mail-models/{id}`: the model with every language's subject and MJML. */
export function getMailModel(id: number, signal?: AbortSignal): Promise<TMailModel> {
  return api.get<TMailModel>(`/mail-models/${id}`, { signal });
}

export function mailModelQueryOptions(id: number) {
  return queryOptions({
    queryKey: mailModelKey(id),
    queryFn: ({ signal }) => getMailModel(id, signal),
    // The editor starts from what the server holds, not from a copy kept while another tab saved.
    staleTime: 0,
  });
}

export function useMailModel(id: number | null) {
  return useQuery({ ...mailModelQueryOptions(id ?? 0), enabled: id !== null });
}
