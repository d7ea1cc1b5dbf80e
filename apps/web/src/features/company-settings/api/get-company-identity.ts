import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCompanyIdentity } from '@embauche/contracts/company-settings';
import { api } from '../../../lib/api-client.ts';
import { companyIdentityKey } from './company-settings-keys.ts';

/** `GET /config/account-infos/admin-infos`: the company's identity. */
export function getCompanyIdentity(signal?: AbortSignal): Promise<TCompanyIdentity> {
  return api.get<TCompanyIdentity>('/config/account-infos/admin-infos', { signal });
}

export function companyIdentityQueryOptions() {
  return queryOptions({ queryKey: companyIdentityKey, queryFn: ({ signal }) => getCompanyIdentity(signal) });
}

export function useCompanyIdentity() {
  return useQuery(companyIdentityQueryOptions());
}
