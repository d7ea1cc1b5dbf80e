import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { groupsBaseKey, usersListsKey } from './group-keys.ts';

/** `PUT /groups/{id}/members {user_ids}`: the group's members become exactly these users. */
export function setGroupMembers({ id, user_ids }: { id: number; user_ids: number[] }): Promise<void> {
  return api.put<void>(`/groups/${id}/members`, { user_ids });
}

export function useSetGroupMembers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setGroupMembers,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: groupsBaseKey });
      void queryClient.invalidateQueries({ queryKey: usersListsKey });
    },
  });
}
