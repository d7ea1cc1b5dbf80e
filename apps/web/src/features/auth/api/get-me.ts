import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMe } from '@embauche/contracts/auth';
import { api } from '../../../lib/api-client.ts';
import { retryUpTo } from '../../../lib/retry.ts';

export const meQueryKey = ['me'] as const;

export function getMe(signal?: AbortSignal): Promise<TMe> {
  return api.get<TMe>('/me', { signal });
}

/** Spec 7/9: one retry, none on 401/403/404. */
export function meQueryOptions() {
  return queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => getMe(signal),
    retry: retryUpTo(1),
    staleTime: 5 * 60 * 1000,
  });
}

type UseMeOptions = { enabled?: boolean; retry?: false };

export function useMe({ enabled = true, retry }: UseMeOptions = {}) {
  return useQuery({ ...meQueryOptions(), enabled, ...(retry === false ? { retry: false } : {}) });
}
