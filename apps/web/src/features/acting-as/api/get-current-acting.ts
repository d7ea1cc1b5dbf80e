import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TActingCompany, TActingRole, TActingUser } from '@embauche/contracts/acting-as';
import { api } from '../../../lib/api-client.ts';
import { ACTING_PATHS, actingKeys, type ActingFamily } from './acting-as-keys.ts';

// Spec 7: the current company and user queries run only when enabled and are never fresh.

/** `GET /superadmin/current_company` or `/partner/current-company`. */
export function getCurrentActingCompany(family: ActingFamily, signal?: AbortSignal) {
  return api.get<TActingCompany>(ACTING_PATHS[family].currentCompany, { signal });
}

export function currentActingCompanyQueryOptions(family: ActingFamily, enabled: boolean) {
  return queryOptions({
    queryKey: actingKeys.currentCompany(family),
    queryFn: ({ signal }) => getCurrentActingCompany(family, signal),
    enabled,
    staleTime: 0,
  });
}

export function useCurrentActingCompany(family: ActingFamily, enabled: boolean) {
  return useQuery(currentActingCompanyQueryOptions(family, enabled));
}

/** `GET /superadmin/current_user` or `/partner/current-user`. */
export function getCurrentActingUser(family: ActingFamily, signal?: AbortSignal) {
  return api.get<TActingUser>(ACTING_PATHS[family].currentUser, { signal });
}

export function currentActingUserQueryOptions(family: ActingFamily, enabled: boolean) {
  return queryOptions({
    queryKey: actingKeys.currentUser(family),
    queryFn: ({ signal }) => getCurrentActingUser(family, signal),
    enabled,
    staleTime: 0,
  });
}

export function useCurrentActingUser(family: ActingFamily, enabled: boolean) {
  return useQuery(currentActingUserQueryOptions(family, enabled));
}

/** `GET /partner/current-role`: the role acted as, or null. */
export function getCurrentActingRole(signal?: AbortSignal) {
  return api.get<TActingRole | null>('/partner/current-role', { signal });
}

export function currentActingRoleQueryOptions(enabled: boolean) {
  return queryOptions({
    queryKey: actingKeys.currentRole,
    queryFn: ({ signal }) => getCurrentActingRole(signal),
    enabled,
    staleTime: 0,
  });
}

export function useCurrentActingRole(enabled: boolean) {
  return useQuery(currentActingRoleQueryOptions(enabled));
}
