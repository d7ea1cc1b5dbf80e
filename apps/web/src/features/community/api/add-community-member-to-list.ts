import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCommunityToList } from '@embauche/contracts/community';
import { api } from '../../../lib/api-client.ts';
import { communityKey } from './community-keys.ts';

export type AddMemberToListInput = { memberId: number; listId: number };

/** `POST /community/members/{id}/recruitment-list {list_id}`: the member becomes (or is linked to) an applicant and joins the list. */
export function addCommunityMemberToList({
  memberId,
  listId,
}: AddMemberToListInput): Promise<TCommunityToList> {
  return api.post<TCommunityToList>(`/community/members/${memberId}/recruitment-list`, {
    list_id: listId,
  });
}

export function useAddCommunityMemberToList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCommunityMemberToList,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: communityKey });
      void queryClient.invalidateQueries({ queryKey: ['recruitment-lists'] });
    },
  });
}
