import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCompanyDescription } from '@embauche/contracts/company-settings';
import { api } from '../../../lib/api-client.ts';
import { companyDescriptionKey } from './company-settings-keys.ts';

/** `GET /config/joboffers/company-description`. */
export function getCompanyDescription(signal?: AbortSignal): Promise<TCompanyDescription> {
  return api.get<TCompanyDescription>('/config/joboffers/company-description', { signal });
}

export function companyDescriptionQueryOptions() {
  return queryOptions({ queryKey: companyDescriptionKey, queryFn: ({ signal }) => getCompanyDescription(signal) });
}

export function useCompanyDescription() {
  return useQuery(companyDescriptionQueryOptions());
}
