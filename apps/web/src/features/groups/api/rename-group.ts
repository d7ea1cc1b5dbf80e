import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TGroup, TGroupFormValues } from '@embauche/contracts/groups';
import { api } from '../../../lib/api-client.ts';
import { groupsBaseKey, usersListsKey } from './group-keys.ts';

/** `PUT /groups/{id} {name}`. */
export function renameGroup({ id, ...body }: TGroupFormValues & { id: number }): Promise<TGroup> {
  return api.put<TGroup>(`/groups/${id}`, body);
}

export function useRenameGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameGroup,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: groupsBaseKey });
      void queryClient.invalidateQueries({ queryKey: usersListsKey });
    },
  });
}
