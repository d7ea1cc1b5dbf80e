import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMailSignature } from '@embauche/contracts/mail-signatures';
import { api } from '../../../lib/api-client.ts';
import { mailSignaturesKey } from './mail-signatures-keys.ts';

export const mySignatureKey = [...mailSignaturesKey, 'mine'] as const;

/** `GET /me/mail-signature`: the signed-in user's own signature in every language. */
export function getMySignature(signal?: AbortSignal): Promise<TMailSignature> {
  return api.get<TMailSignature>('/me/mail-signature', { signal });
}

export function mySignatureQueryOptions() {
  return queryOptions({
    queryKey: mySignatureKey,
    queryFn: ({ signal }) => getMySignature(signal),
    staleTime: 0,
  });
}

export function useMySignature() {
  return useQuery(mySignatureQueryOptions());
}
