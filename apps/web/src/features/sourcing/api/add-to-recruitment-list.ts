import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRecruitmentList } from '@embauche/contracts/recruitment-lists';
import { api } from '../../../lib/api-client.ts';
import { sourcingListsKey } from './sourcing-keys.ts';

export type AddToListInput = { listId: number; applicantIds: number[] };

/** `POST /recruitment-lists/{id}/applicants {applicant_ids}` → the list (an applicant already there is kept once). */
export function addToRecruitmentList({ listId, applicantIds }: AddToListInput): Promise<TRecruitmentList> {
  return api.post<TRecruitmentList>(`/recruitment-lists/${listId}/applicants`, { applicant_ids: applicantIds });
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
