import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TProjectParent } from '@embauche/contracts/projects';
import { api } from '../../../lib/api-client.ts';

export const projectParentsBaseKey = ['projects', 'parents'] as const;

/** Folders the user sees, depth first: where a project can be created or moved. */
export function getProjectParents(signal?: AbortSignal): Promise<TProjectParent[]> {
  return api.get<TProjectParent[]>('/projects/parents', { signal });
}

export function projectParentsQueryOptions() {
  return queryOptions({ queryKey: projectParentsBaseKey, queryFn: ({ signal }) => getProjectParents(signal) });
}

export function useProjectParents({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...projectParentsQueryOptions(), enabled });
}
