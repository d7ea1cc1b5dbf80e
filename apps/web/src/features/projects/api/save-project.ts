import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TProject, TProjectCreateRequest } from '@embauche/contracts/projects';
import { api } from '../../../lib/api-client.ts';
import { invalidateProjectQueries } from './invalidate-project-queries.ts';

export type SaveProjectInput = TProjectCreateRequest & { id?: number };

/** Spec 3: the payload is the whole project; an id means update (PUT), none means create (POST). */
export function saveProject(input: SaveProjectInput): Promise<TProject> {
  return input.id ? api.put<TProject>(`/projects/${input.id}`, input) : api.post<TProject>('/projects', input);
}

export function useSaveProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProject,
    onSuccess: () => invalidateProjectQueries(queryClient),
  });
}
