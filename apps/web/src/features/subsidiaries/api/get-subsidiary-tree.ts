import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSubsidiaryTree } from '@embauche/contracts/subsidiaries';
import { api } from '../../../lib/api-client.ts';
import { subsidiaryTreeKey } from './subsidiary-keys.ts';

/** `GET /config/subsidiaries`: the subsidiary mode and every subsidiary, archived ones too. */
export function getSubsidiaryTree(signal?: AbortSignal): Promise<TSubsidiaryTree> {
  return api.get<TSubsidiaryTree>('/config/subsidiaries', { signal });
}

export function subsidiaryTreeQueryOptions() {
  return queryOptions({
    queryKey: subsidiaryTreeKey,
    queryFn: ({ signal }) => getSubsidiaryTree(signal),
  });
}

export function useSubsidiaryTree() {
  return useQuery(subsidiaryTreeQueryOptions());
}
