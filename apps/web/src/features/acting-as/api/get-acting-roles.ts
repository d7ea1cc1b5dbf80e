import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TActingRole } from '@embauche/contracts/acting-as';
import { api } from '../../../lib/api-client.ts';
import { actingKeys } from './acting-as-keys.ts';

/** `GET /partner/roles`: the acted-as company's roles, flat (the picker builds the tree). */
export function getActingRoles(signal?: AbortSignal) {
  return api.get<TActingRole[]>('/partner/roles', { signal });
}

export function actingRolesQueryOptions() {
  return queryOptions({ queryKey: actingKeys.roles, queryFn: ({ signal }) => getActingRoles(signal) });
}

export function useActingRoles() {
  return useQuery(actingRolesQueryOptions());
}
