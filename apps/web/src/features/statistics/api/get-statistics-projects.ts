import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TProject } from '@embauche/contracts/projects';
import { api } from '../../../lib/api-client.ts';
import { statisticsChoicesKey } from './statistics-keys.ts';

export type ProjectChoice = { id: number; name: string; depth: number; folder: boolean };

/** Folders then their projects, depth first and by name, as the project filter lists them. */
export function projectChoices(projects: TProject[]): ProjectChoice[] {
  const children = new Map<number | null, TProject[]>();
  const ids = new Set(projects.map((p) => p.id));
  for (const project of projects) {
    // A project whose folder the user does not see is listed at the top.
    const parent =
      project.parent_id !== null && ids.has(project.parent_id) ? project.parent_id : null;
    children.set(parent, [...(children.get(parent) ?? []), project]);
  }
  const out: ProjectChoice[] = [];
  const walk = (parent: number | null, depth: number) => {
    const rows = [...(children.get(parent) ?? [])].sort((a, b) => a.name.localeCompare(b.name));
    for (const row of rows) {
      out.push({ id: row.id, name: row.name, depth, folder: row.type === 0 });
      walk(row.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

/** `GET /projects` (flat): the projects and folders the user sees, for the project filter. */
export function getStatisticsProjects(signal?: AbortSignal): Promise<ProjectChoice[]> {
  return api.get<TProject[]>('/projects', { signal }).then(projectChoices);
}

export function statisticsProjectsQueryOptions() {
  return queryOptions({
    queryKey: [...statisticsChoicesKey, 'projects'] as const,
    queryFn: ({ signal }) => getStatisticsProjects(signal),
    staleTime: 5 * 60 * 1000,
  });
}

export function useStatisticsProjects({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...statisticsProjectsQueryOptions(), enabled });
}
