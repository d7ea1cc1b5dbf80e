import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TMailSignature, TMailSignatureInput } from '@embauche/contracts/mail-signatures';
import { api } from '../../../lib/api-client.ts';
import { companySignatureKey } from './get-company-signature.ts';

/** `PUT /config/mail-signature`: every language written (a language left out is removed). */
export function updateCompanySignature(body: TMailSignatureInput): Promise<TMailSignature> {
  return api.put<TMailSignature>('/config/mail-signature', body);
}

export function useUpdateCompanySignature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompanySignature,
    onSuccess: (saved) => queryClient.setQueryData(companySignatureKey, saved),
  });
}
