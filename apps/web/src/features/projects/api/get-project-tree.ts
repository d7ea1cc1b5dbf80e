import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TProjectRef, TProjectTree } from '@embauche/contracts/projects';
import { api } from '../../../lib/api-client.ts';

export const projectTreeBaseKey = ['projects', 'tree'] as const;

export function getProjectTree(ref: TProjectRef, signal?: AbortSignal): Promise<TProjectTree> {
  return api.get<TProjectTree>(`/projects/${encodeURIComponent(String(ref))}/tree`, { signal });
}

/**
 * A project (or special id) with its sub-projects and their counts. Fresh 30 s: the tree loader
 * fetches a project's tree then shows it, which must not fetch it twice; changes invalidate it.
 */
export function projectTreeQueryOptions(ref: TProjectRef) {
  return queryOptions({
    queryKey: [...projectTreeBaseKey, ref] as const,
    queryFn: ({ signal }) => getProjectTree(ref, signal),
    staleTime: 30_000,
  });
}

export function useProjectTree(ref: TProjectRef | null) {
  return useQuery({ ...projectTreeQueryOptions(ref ?? 'all'), enabled: ref !== null });
}
