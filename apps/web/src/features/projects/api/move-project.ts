import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TProject } from '@embauche/contracts/projects';
import { api } from '../../../lib/api-client.ts';
import { invalidateProjectQueries } from './invalidate-project-queries.ts';

export type MoveProjectInput = { id: number; target: number | null };

/** `target` null moves the project to the top level; into itself or a descendant answers 422. */
export function moveProject({ id, target }: MoveProjectInput): Promise<TProject> {
  return api.put<TProject>(`/projects/${id}/move`, { moving_project: id, target_project: target });
}

export function useMoveProject() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: moveProject, onSuccess: () => invalidateProjectQueries(queryClient) });
}
