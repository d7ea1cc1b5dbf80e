import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TApplicantSelectionInput } from '@embauche/contracts/applicant-selection';
import type { TBulkOperation } from '@embauche/contracts/application-selection';
import type { TRecruitmentList } from '@embauche/contracts/recruitment-lists';
import { api } from '../../../lib/api-client.ts';
import { recruitmentListKey, recruitmentListPagesKey } from './recruitment-list-keys.ts';

/** The ticked applicants, or "all that match" of the list's search (issue 42 part 2). */
export type RemoveApplicantsInput = number[] | { selection: TApplicantSelectionInput };

/**
 * `DELETE /recruitment-lists/{id}/applicants {applicant_ids}` → the list, or `{selection}` → its
 * operation (done during the request up to 200, else queued for a job: read it back with
 * `getListBulkOperation`): the creator, or a shared user of a collaborative list. A selection
 * whose count changed answers 409 `selection_changed` (the current count in `errors.count[0]`).
 */
export function removeRecruitmentListApplicants(id: number, input: RemoveApplicantsInput): Promise<TRecruitmentList | TBulkOperation> {
  return api.delete<TRecruitmentList | TBulkOperation>(`/recruitment-lists/${id}/applicants`, Array.isArray(input) ? { applicant_ids: input } : input);
}

/** The list, its applicants and the sheet's counters are read again. */
export function invalidateListQueries(queryClient: QueryClient, id: number) {
  void queryClient.invalidateQueries({ queryKey: recruitmentListKey(id) });
  void queryClient.invalidateQueries({ queryKey: recruitmentListPagesKey });
}

export function useRemoveRecruitmentListApplicants(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RemoveApplicantsInput) => removeRecruitmentListApplicants(id, input),
    onSuccess: (answer) => {
      if ('kind' in answer) return invalidateListQueries(queryClient, id);
      queryClient.setQueryData(recruitmentListKey(id), answer);
      void queryClient.invalidateQueries({ queryKey: [...recruitmentListKey(id), 'applicants'] });
      void queryClient.invalidateQueries({ queryKey: recruitmentListPagesKey });
    },
  });
}
