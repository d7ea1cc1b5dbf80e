import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TRole } from '@embauche/contracts/roles';
import { api } from '../../../lib/api-client.ts';
import { rolesTreeKey } from './role-keys.ts';

/** `GET /roles`: the company's tree, flat, depth first from the root, siblings by name. */
export function getRoles(signal?: AbortSignal): Promise<TRole[]> {
  return api.get<TRole[]>('/roles', { signal });
}

export function rolesQueryOptions() {
  return queryOptions({ queryKey: rolesTreeKey, queryFn: ({ signal }) => getRoles(signal) });
}

export function useRoles() {
  return useQuery(rolesQueryOptions());
}
