import { useMutation } from '@tanstack/react-query';
import type { TMailPreview, TMailPreviewInput } from '@embauche/contracts/mail-models';
import { api } from '../../../lib/api-client.ts';

/** `POST /mail-models/preview`: a content compiled and filled with sample data; nothing is saved. */
export function previewMailModel(body: TMailPreviewInput): Promise<TMailPreview> {
  return api.post<TMailPreview>('/mail-models/preview', body);
}

export function usePreviewMailModel() {
  return useMutation({ mutationFn: previewMailModel });
}
