import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMailSignature } from '@embauche/contracts/mail-signatures';
import { api } from '../../../lib/api-client.ts';
import { mailSignaturesKey } from './mail-signatures-keys.ts';

export const companySignatureKey = [...mailSignaturesKey, 'company'] as const;

/** `GET /config/mail-signature`: the company's signature in every language (`config.emails`). */
export function getCompanySignature(signal?: AbortSignal): Promise<TMailSignature> {
  return api.get<TMailSignature>('/config/mail-signature', { signal });
}

export function companySignatureQueryOptions() {
  return queryOptions({
    queryKey: companySignatureKey,
    queryFn: ({ signal }) => getCompanySignature(signal),
    // The editor starts from what the server holds.
    staleTime: 0,
  });
}

export function useCompanySignature() {
  return useQuery(companySignatureQueryOptions());
}
