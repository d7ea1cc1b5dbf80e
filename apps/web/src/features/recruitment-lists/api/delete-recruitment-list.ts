import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { forgetQueries } from '../../../lib/forget-queries.ts';
import { recruitmentListKey, recruitmentListPagesKey } from './recruitment-list-keys.ts';

/** `DELETE /recruitment-lists/{id}`: the creator only. */
export function deleteRecruitmentList(id: number): Promise<void> {
  return api.delete<void>(`/recruitment-lists/${id}`);
}

/**
 * The list and its applicants' pages leave the cache once no screen shows them (the list's own
 * page leaves first: useLeaveDeleted), never asked again; the sheet's pages reload.
 */
export function useDeleteRecruitmentList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRecruitmentList,
    onSuccess: (_, id) => {
      void forgetQueries(queryClient, [recruitmentListKey(id)]);
      void queryClient.invalidateQueries({ queryKey: recruitmentListPagesKey });
    },
  });
}
