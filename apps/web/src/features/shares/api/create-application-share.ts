import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TShareCreated } from '@embauche/contracts/shares';
import { api } from '../../../lib/api-client.ts';
import type { ShareCreateBody } from './create-applicant-share.ts';
import { sharesBaseKey } from './share-query-keys.ts';

/** `POST /applications/{id}/shares`: a link to one application (its feed is its offer's); the URL is given once. */
export function createApplicationShare(applicationId: number, body: ShareCreateBody): Promise<TShareCreated> {
  return api.post<TShareCreated>(`/applications/${applicationId}/shares`, body);
}

export function useCreateApplicationShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ applicationId, body }: { applicationId: number; body: ShareCreateBody }) => createApplicationShare(applicationId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharesBaseKey }),
  });
}
