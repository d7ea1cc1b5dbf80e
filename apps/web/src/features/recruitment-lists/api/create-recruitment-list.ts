import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRecruitmentList, TRecruitmentListCreate } from '@embauche/contracts/recruitment-lists';
import { api } from '../../../lib/api-client.ts';
import { recruitmentListPagesKey } from './recruitment-list-keys.ts';

/** `POST /recruitment-lists`: the body carries `private` too (true when the type is private, spec 7). */
export function createRecruitmentList(body: TRecruitmentListCreate): Promise<TRecruitmentList> {
  return api.post<TRecruitmentList>('/recruitment-lists', { ...body, private: body.type === 'private' });
}

export function useCreateRecruitmentList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRecruitmentList,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: recruitmentListPagesKey }),
  });
}
