import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TGroup, TGroupFormValues } from '@embauche/contracts/groups';
import { api } from '../../../lib/api-client.ts';
import { groupsBaseKey, usersListsKey } from './group-keys.ts';

/** `POST /groups {name}`: a new group of the company, without members. */
export function createGroup(body: TGroupFormValues): Promise<TGroup> {
  return api.post<TGroup>('/groups', body);
}

export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGroup,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: groupsBaseKey });
      void queryClient.invalidateQueries({ queryKey: usersListsKey });
    },
  });
}
