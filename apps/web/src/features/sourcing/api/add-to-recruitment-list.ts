import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TApplicantSelectionInput } from '@embauche/contracts/applicant-selection';
import type { TBulkOperation } from '@embauche/contracts/application-selection';
import type { TRecruitmentList } from '@embauche/contracts/recruitment-lists';
import { api } from '../../../lib/api-client.ts';
import { sourcingListsKey } from './sourcing-keys.ts';

/** The ticked applicants, or "all that match" of the search (issue 42 part 2). */
export type AddToListInput = { listId: number; applicantIds: number[] } | { listId: number; selection: TApplicantSelectionInput };

/**
 * `POST /recruitment-lists/{id}/applicants {applicant_ids}` → the list (an applicant already there
 * is kept once), or `{selection}` → its operation (done during the request up to 200, else queued
 * for a job: read it back with `getListOperation`). A selection whose count changed answers 409
 * `selection_changed` (the current count in `errors.count[0]`); over 10,000, 422.
 */
export function addToRecruitmentList(input: AddToListInput): Promise<TRecruitmentList | TBulkOperation> {
  const body = 'selection' in input ? { selection: input.selection } : { applicant_ids: input.applicantIds };
  return api.post<TRecruitmentList | TBulkOperation>(`/recruitment-lists/${input.listId}/applicants`, body);
}

/** The lists' counters change: every cached recruitment-list read is refreshed. */
export function useAddToRecruitmentList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToRecruitmentList,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: sourcingListsKey });
      void queryClient.invalidateQueries({ queryKey: ['recruitment-lists'] });
    },
  });
}
