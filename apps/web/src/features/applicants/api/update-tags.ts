import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TApplicant, TApplicantDetail } from '@embauche/contracts/applicants';
import { api } from '../../../lib/api-client.ts';
import { applicantDetailQueryOptions } from './get-applicant-detail.ts';
import { tagNamesBaseKey } from './get-tag-names.ts';

export type UpdateTagsInput = { applicantId: number; tags: string[] };

/** `PUT /applicants/{id}/tags {tags}`: the whole list; answers the applicant. */
export function updateTags({ applicantId, tags }: UpdateTagsInput): Promise<TApplicant> {
  return api.put<TApplicant>(`/applicants/${applicantId}/tags`, { tags });
}

/** Shows the new tags at once; on failure puts the previous ones back. */
export function useUpdateTags(onChanged?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTags,
    onMutate: async ({ applicantId, tags }) => {
      const { queryKey } = applicantDetailQueryOptions(applicantId);
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<TApplicantDetail>(queryKey);
      if (previous) queryClient.setQueryData(queryKey, { ...previous, tags });
      return { previous };
    },
    onError: (_error, { applicantId }, context) => {
      if (context?.previous) queryClient.setQueryData(applicantDetailQueryOptions(applicantId).queryKey, context.previous);
    },
    onSuccess: (applicant, { applicantId }) => {
      const { queryKey } = applicantDetailQueryOptions(applicantId);
      const current = queryClient.getQueryData<TApplicantDetail>(queryKey);
      if (current) queryClient.setQueryData(queryKey, { ...current, tags: applicant.tags });
      void queryClient.invalidateQueries({ queryKey: tagNamesBaseKey });
      onChanged?.();
    },
  });
}
