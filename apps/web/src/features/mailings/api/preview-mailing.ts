import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMailPreview } from '@embauche/contracts/mail-models';
import type { TMailingPreviewInput } from '@embauche/contracts/mailings';
import { apiRequest } from '../../../lib/api-client.ts';
import { mailingsKey } from './mailings-keys.ts';

/** `POST /mailings/preview`: the e-mail as one recipient will read it (their names, offer, language); nothing is sent. */
export function previewMailing(
  body: TMailingPreviewInput,
  signal?: AbortSignal,
): Promise<TMailPreview> {
  // Aborted when the recipient or the content changes before the answer.
  return apiRequest<TMailPreview>('/mailings/preview', { method: 'POST', body, signal });
}

/** One preview per recipient and content: going back to a recipient already shown asks nothing. */
export function mailingPreviewQueryOptions(body: TMailingPreviewInput) {
  return queryOptions({
    queryKey: [...mailingsKey, 'preview', body] as const,
    queryFn: ({ signal }) => previewMailing(body, signal),
    staleTime: 30_000,
    // A refused content (422) stays refused: its message shows at once instead of after retries.
    retry: false,
  });
}

/** `body` null: nothing to preview yet (no model chosen, or a subject or message still empty). */
export function useMailingPreview(body: TMailingPreviewInput | null) {
  return useQuery({
    ...mailingPreviewQueryOptions(body ?? { applicant_id: 0 }),
    enabled: body !== null,
  });
}
