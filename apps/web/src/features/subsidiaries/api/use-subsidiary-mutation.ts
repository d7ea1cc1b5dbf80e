import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { offersKey, projectsKey, subsidiariesBaseKey, usersListsKey } from './subsidiary-keys.ts';

/**
 * A change of subsidiaries: the tree, the pickers and the screens that show subsidiaries by name
 * go stale (`extra`: further keys). The mutation stays pending until the shown ones are fetched again,
 * so its confirmation never appears beside the old state.
 */
export function useSubsidiaryMutation<TVars, TResult>(
  mutationFn: (vars: TVars) => Promise<TResult>,
  extra: QueryKey[] = [],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all(
        [subsidiariesBaseKey, usersListsKey, offersKey, projectsKey, ...extra].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
