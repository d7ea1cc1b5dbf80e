import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TShareCreated, ZShareCreateRequest } from '@embauche/contracts/shares';
import { api } from '../../../lib/api-client.ts';
import { sharesBaseKey } from './share-query-keys.ts';

export type ShareCreateBody = z.input<typeof ZShareCreateRequest>;

/** `POST /applicants/{id}/shares`: a link on demand; the answer is the only time its URL is given. */
export function createApplicantShare(applicantId: number, body: ShareCreateBody): Promise<TShareCreated> {
  return api.post<TShareCreated>(`/applicants/${applicantId}/shares`, body);
}

export function useCreateApplicantShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ applicantId, body }: { applicantId: number; body: ShareCreateBody }) => createApplicantShare(applicantId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharesBaseKey }),
  });
}
