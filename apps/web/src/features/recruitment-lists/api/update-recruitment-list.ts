import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRecruitmentList, TRecruitmentListUpdate } from '@embauche/contracts/recruitment-lists';
import { api } from '../../../lib/api-client.ts';
import { recruitmentListKey, recruitmentListPagesKey } from './recruitment-list-keys.ts';

/** `PUT /recruitment-lists {id, …}`: the creator only (403 otherwise). */
export function updateRecruitmentList(body: TRecruitmentListUpdate): Promise<TRecruitmentList> {
  return api.put<TRecruitmentList>('/recruitment-lists', { ...body, private: body.type === 'private' });
}

export function useUpdateRecruitmentList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRecruitmentList,
    onSuccess: (list) => {
      queryClient.setQueryData(recruitmentListKey(list.id), list);
      void queryClient.invalidateQueries({ queryKey: recruitmentListPagesKey });
    },
  });
}
