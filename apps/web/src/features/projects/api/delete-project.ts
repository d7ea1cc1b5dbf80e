import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateProjectQueries } from './invalidate-project-queries.ts';

/** A folder that still holds projects or offers answers 409. */
export function deleteProject(id: number): Promise<void> {
  return api.delete<void>(`/projects/${id}`);
}

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteProject, onSuccess: () => invalidateProjectQueries(queryClient) });
}
