import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TProject } from '@embauche/contracts/projects';
import { api } from '../../../lib/api-client.ts';

export const projectsBaseKey = ['projects', 'list'] as const;

/** `GET /projects`: flat (the default mode), each project with its parent id. */
export function getProjects(signal?: AbortSignal): Promise<TProject[]> {
  return api.get<TProject[]>('/projects', { signal, query: { mode: 'flat' } });
}

export function projectsQueryOptions() {
  return queryOptions({ queryKey: projectsBaseKey, queryFn: ({ signal }) => getProjects(signal) });
}

export function useProjects({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...projectsQueryOptions(), enabled });
}
