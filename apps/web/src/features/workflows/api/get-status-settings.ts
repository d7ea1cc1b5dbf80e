import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TStatusSetting } from '@embauche/contracts/workflows';
import { api } from '../../../lib/api-client.ts';
import { statusSettingsKey } from './workflow-keys.ts';

/** `GET /config/statuses`: every status of the company with its motifs and use counts. */
export function getStatusSettings(signal?: AbortSignal): Promise<TStatusSetting[]> {
  return api.get<TStatusSetting[]>('/config/statuses', { signal });
}

export function statusSettingsQueryOptions() {
  return queryOptions({ queryKey: statusSettingsKey, queryFn: ({ signal }) => getStatusSettings(signal) });
}

export function useStatusSettings() {
  return useQuery(statusSettingsQueryOptions());
}
