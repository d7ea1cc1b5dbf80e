import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMailKind, TMailModelPage } from '@embauche/contracts/mail-models';
import { api } from '../../../lib/api-client.ts';

/**
 * `GET /mail-models?filter[kind]&per_page=100`: the company's models of a kind, to choose the one a
 * template sends (key under `mail-models`: the models screen's changes refresh it).
 */
export function getTemplateMailModels(
  kind: TMailKind,
  signal?: AbortSignal,
): Promise<TMailModelPage> {
  return api.get<TMailModelPage>('/mail-models', {
    signal,
    query: { page: 1, per_page: 100, filter: { kind } },
  });
}

export function templateMailModelsQueryOptions(kind: TMailKind) {
  return queryOptions({
    queryKey: ['mail-models', 'planner', kind] as const,
    queryFn: ({ signal }) => getTemplateMailModels(kind, signal),
    staleTime: 60_000,
  });
}

/** `enabled` false for users who may not read the models (config.emails): built-in texts only. */
export function useTemplateMailModels(kind: TMailKind, enabled: boolean) {
  return useQuery({ ...templateMailModelsQueryOptions(kind), enabled });
}
