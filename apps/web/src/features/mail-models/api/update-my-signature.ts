import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TMailSignature, TMailSignatureInput } from '@embauche/contracts/mail-signatures';
import { api } from '../../../lib/api-client.ts';
import { mySignatureKey } from './get-my-signature.ts';

/** `PUT /me/mail-signature`: the user's own, every language written (none removes it). */
export function updateMySignature(body: TMailSignatureInput): Promise<TMailSignature> {
  return api.put<TMailSignature>('/me/mail-signature', body);
}

export function useUpdateMySignature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMySignature,
    onSuccess: (saved) => queryClient.setQueryData(mySignatureKey, saved),
  });
}
