import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TApplicantSelectionInput } from '@embauche/contracts/applicant-selection';
import type { TRecruitmentList } from '@embauche/contracts/recruitment-lists';
import { api } from '../../../lib/api-client.ts';
import { sourcingListsKey } from './sourcing-keys.ts';

/** The ticked applicants, or "all that match" of the search (issue 42 part 2). */
export type AddToListInput = { listId: number; applicantIds: number[] } | { listId: number; selection: TApplicantSelectionInput };

/**
 * `POST /recruitment-lists/{id}/applicants {applicant_ids}` or `{selection}` → the list (an
 * applicant already there is kept once). A selection whose count changed answers 409
 * `selection_changed` (the current count in `errors.count[0]`); over 500, 422.
 */
export function addToRecruitmentList(input: AddToListInput): Promise<TRecruitmentList> {
  const body = 'selection' in input ? { selection: input.selection } : { applicant_ids: input.applicantIds };
  return api.post<TRecruitmentList>(`/recruitment-lists/${input.listId}/applicants`, body);
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
