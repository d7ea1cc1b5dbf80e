import { useMutation } from '@tanstack/react-query';
import type {
  TMailSignaturePreview,
  TMailSignaturePreviewInput,
} from '@embauche/contracts/mail-signatures';
import { api } from '../../../lib/api-client.ts';

/**
 * `POST /mail-signature/preview`: a signature compiled and filled with the signed-in user's and
 * the company's values; nothing is saved.
 */
export function previewSignature(body: TMailSignaturePreviewInput): Promise<TMailSignaturePreview> {
  return api.post<TMailSignaturePreview>('/mail-signature/preview', body);
}

export function usePreviewSignature() {
  return useMutation({ mutationFn: previewSignature });
}
