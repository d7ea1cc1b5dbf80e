import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TApplicantSelectionInput } from '@embauche/contracts/applicant-selection';
import type { TRecruitmentList } from '@embauche/contracts/recruitment-lists';
import { api } from '../../../lib/api-client.ts';
import { recruitmentListKey, recruitmentListPagesKey } from './recruitment-list-keys.ts';

/** The ticked applicants, or "all that match" of the list's search (issue 42 part 2). */
export type RemoveApplicantsInput = number[] | { selection: TApplicantSelectionInput };

/**
 * `DELETE /recruitment-lists/{id}/applicants {applicant_ids}` or `{selection}`: the creator, or a
 * shared user of a collaborative list. A selection whose count changed answers 409
 * `selection_changed` (the current count in `errors.count[0]`).
 */
export function removeRecruitmentListApplicants(id: number, input: RemoveApplicantsInput): Promise<TRecruitmentList> {
  return api.delete<TRecruitmentList>(`/recruitment-lists/${id}/applicants`, Array.isArray(input) ? { applicant_ids: input } : input);
}

export function useRemoveRecruitmentListApplicants(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RemoveApplicantsInput) => removeRecruitmentListApplicants(id, input),
    onSuccess: (list) => {
      queryClient.setQueryData(recruitmentListKey(id), list);
      void queryClient.invalidateQueries({ queryKey: [...recruitmentListKey(id), 'applicants'] });
      void queryClient.invalidateQueries({ queryKey: recruitmentListPagesKey });
    },
  });
}
