import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { groupsBaseKey, usersListsKey } from './group-keys.ts';

/** `DELETE /groups/{id}`: the group and its memberships. */
export function deleteGroup(id: number): Promise<void> {
  return api.delete<void>(`/groups/${id}`);
}

export function useDeleteGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGroup,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: groupsBaseKey });
      void queryClient.invalidateQueries({ queryKey: usersListsKey });
    },
  });
}
