import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TTransferResult, ZApplicantTransferRequest } from '@embauche/contracts/shares';
import { api } from '../../../lib/api-client.ts';
import { sharesBaseKey } from './share-query-keys.ts';

export type ApplicantTransferBody = z.input<typeof ZApplicantTransferRequest>;

/** `POST /applicants/transfer`: e-mails the applicants, with a shared link each when `access.share`. */
export function transferApplicants(body: ApplicantTransferBody): Promise<TTransferResult> {
  return api.post<TTransferResult>('/applicants/transfer', body);
}

export function useTransferApplicants() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: transferApplicants,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharesBaseKey }),
  });
}
