import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { forgetQueries } from '../../../lib/forget-queries.ts';
import { breadcrumbsBaseKey } from './get-breadcrumbs.ts';
import { projectTreeBaseKey } from './get-project-tree.ts';
import { invalidateProjectQueries } from './invalidate-project-queries.ts';

/** A folder that still holds projects or offers answers 409. */
export function deleteProject(id: number): Promise<void> {
  return api.delete<void>(`/projects/${id}`);
}

/** The queries of one project's own screen (its tree and breadcrumbs). */
export function projectKeys(id: number) {
  return [
    [...projectTreeBaseKey, id],
    [...breadcrumbsBaseKey, id],
  ] as const;
}

/**
 * The deleted project's own queries leave the cache once its screen is gone (the layout leaves
 * it first), never asked again (404); then the trees, lists and counts reload. Not awaited: the
 * screen leaves once the call has answered.
 */
export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    onSuccess: (_, id) => {
      void forgetQueries(queryClient, projectKeys(id)).then(() => invalidateProjectQueries(queryClient));
    },
  });
}
