import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TApplicationPath } from '@embauche/contracts/offer-settings';
import { api } from '../../../lib/api-client.ts';
import { applicationPathKey } from './offer-settings-keys.ts';

/** `GET /application-path`: the company's default application form (defaults when never saved). */
export function getApplicationPath(signal?: AbortSignal): Promise<TApplicationPath> {
  return api.get<TApplicationPath>('/application-path', { signal });
}

export function applicationPathQueryOptions() {
  return queryOptions({ queryKey: applicationPathKey, queryFn: ({ signal }) => getApplicationPath(signal) });
}

export function useApplicationPath() {
  return useQuery(applicationPathQueryOptions());
}
