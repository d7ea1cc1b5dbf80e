import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { applicantKey } from './applicant-query-keys.ts';
import type { TManualResult } from './create-manual-applicant.ts';
import { manualFormData, type ManualApplicantValues } from './manual-form-data.ts';

export type UpdateApplicantInput = { applicantId: number; values: ManualApplicantValues; cv?: File | null };

/** `POST /applicants/manual/{id}?_method=PUT` (multipart, so that a new CV can come along). */
export function updateApplicant({ applicantId, values, cv = null }: UpdateApplicantInput): Promise<TManualResult> {
  return api.post<TManualResult>(`/applicants/manual/${applicantId}?_method=PUT`, manualFormData(values, cv));
}

export function useUpdateApplicant(onChanged?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateApplicant,
    onSuccess: async (_result, { applicantId }) => {
      await queryClient.invalidateQueries({ queryKey: applicantKey(applicantId) });
      onChanged?.();
    },
  });
}
