import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPasswordTokenResponse } from '@embauche/contracts/password-reset';
import { api } from '../../../lib/api-client.ts';

export function checkResetToken(token: string): Promise<TPasswordTokenResponse> {
  return api.post<TPasswordTokenResponse>('/users/password', { token });
}

/** Whether a reset link still opens; asked once, never retried nor refetched (the answer is 422 or the account). */
export function resetTokenQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['password-reset-token', token] as const,
    queryFn: () => checkResetToken(token),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

export function useResetToken(token: string) {
  return useQuery({ ...resetTokenQueryOptions(token), enabled: token !== '' });
}
