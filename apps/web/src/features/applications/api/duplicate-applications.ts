import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TDuplicateRequest, ZDuplicateResult } from '@embauche/contracts/applications';
import { api } from '../../../lib/api-client.ts';
import { invalidateApplicationQueries } from './change-application-status.ts';

export type TDuplicateResult = z.infer<typeof ZDuplicateResult>;

/** `PUT /projects/{id}/offers/{offer_id}/applications/duplicate`: the applicants get an application on the target offer. */
export function duplicateApplications(projectId: number, offerId: number, body: TDuplicateRequest): Promise<TDuplicateResult> {
  return api.put<TDuplicateResult>(`/projects/${projectId}/offers/${offerId}/applications/duplicate`, body);
}

export function useDuplicateApplications(projectId: number, offerId: number, onChanged?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TDuplicateRequest) => duplicateApplications(projectId, offerId, body),
    onSuccess: async () => {
      onChanged?.();
      await invalidateApplicationQueries(queryClient);
    },
  });
}
