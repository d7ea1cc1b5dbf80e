import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { offersKey, projectsKey, subsidiariesBaseKey, usersListsKey } from './subsidiary-keys.ts';

/**
 * A change of subsidiaries: the tree, the pickers and the screens that show subsidiaries by name
 * go stale (`extra`: further keys).
 */
export function useSubsidiaryMutation<TVars, TResult>(
  mutationFn: (vars: TVars) => Promise<TResult>,
  extra: QueryKey[] = [],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      for (const queryKey of [subsidiariesBaseKey, usersListsKey, offersKey, projectsKey, ...extra])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}
