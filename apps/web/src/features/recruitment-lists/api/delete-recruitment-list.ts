import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { recruitmentListKey, recruitmentListPagesKey } from './recruitment-list-keys.ts';

/** `DELETE /recruitment-lists/{id}`: the creator only. */
export function deleteRecruitmentList(id: number): Promise<void> {
  return api.delete<void>(`/recruitment-lists/${id}`);
}

export function useDeleteRecruitmentList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRecruitmentList,
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: recruitmentListKey(id) });
      void queryClient.invalidateQueries({ queryKey: recruitmentListPagesKey });
    },
  });
}
