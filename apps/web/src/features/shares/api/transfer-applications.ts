import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TTransferResult, ZApplicationTransferRequest } from '@embauche/contracts/shares';
import { api } from '../../../lib/api-client.ts';
import { sharesBaseKey } from './share-query-keys.ts';

export type ApplicationTransferBody = z.input<typeof ZApplicationTransferRequest>;

/** `POST /applications/transfer`: one e-mail for all (`grouped`) or one per application (`separate`). */
export function transferApplications(body: ApplicationTransferBody): Promise<TTransferResult> {
  return api.post<TTransferResult>('/applications/transfer', body);
}

export function useTransferApplications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: transferApplications,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharesBaseKey }),
  });
}
