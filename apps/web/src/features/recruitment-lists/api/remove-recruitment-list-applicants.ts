import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRecruitmentList } from '@embauche/contracts/recruitment-lists';
import { api } from '../../../lib/api-client.ts';
import { recruitmentListKey, recruitmentListPagesKey } from './recruitment-list-keys.ts';

/** `DELETE /recruitment-lists/{id}/applicants {applicant_ids}`: the creator, or a shared user of a collaborative list. */
export function removeRecruitmentListApplicants(id: number, applicantIds: number[]): Promise<TRecruitmentList> {
  return api.delete<TRecruitmentList>(`/recruitment-lists/${id}/applicants`, { applicant_ids: applicantIds });
}

export function useRemoveRecruitmentListApplicants(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (applicantIds: number[]) => removeRecruitmentListApplicants(id, applicantIds),
    onSuccess: (list) => {
      queryClient.setQueryData(recruitmentListKey(id), list);
      void queryClient.invalidateQueries({ queryKey: [...recruitmentListKey(id), 'applicants'] });
      void queryClient.invalidateQueries({ queryKey: recruitmentListPagesKey });
    },
  });
}
