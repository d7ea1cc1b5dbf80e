import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZManualResult } from '@embauche/contracts/applications';
import { api } from '../../../lib/api-client.ts';
import { applicantBaseKey } from './applicant-query-keys.ts';
import { manualFormData, type ManualApplicantValues } from './manual-form-data.ts';

export type TManualResult = z.infer<typeof ZManualResult>;
export type CreateManualInput = { projectId: number; offerId: number; values: ManualApplicantValues; cv: File | null };

/** `POST /projects/{project_id}/offers/{offer_id}/manual` (multipart); 201 with `existing_applicant`. */
export function createManualApplicant({ projectId, offerId, values, cv }: CreateManualInput): Promise<TManualResult> {
  return api.post<TManualResult>(
    `/projects/${projectId}/offers/${offerId}/manual`,
    manualFormData(values, cv, { project_id: projectId, job_offer_id: offerId }),
  );
}

export function useCreateManualApplicant(onCreated?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createManualApplicant,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: applicantBaseKey });
      onCreated?.();
    },
  });
}
