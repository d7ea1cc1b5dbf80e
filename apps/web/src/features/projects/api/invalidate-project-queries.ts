import type { QueryClient } from '@tanstack/react-query';
import { breadcrumbsBaseKey } from './get-breadcrumbs.ts';
import { projectParentsBaseKey } from './get-project-parents.ts';
import { projectStatsBaseKey } from './get-project-stats.ts';
import { projectTreeBaseKey } from './get-project-tree.ts';
import { projectsBaseKey } from './get-projects.ts';

/** After a change to projects or their offers: trees, lists, folders, counts and breadcrumbs reload. */
export function invalidateProjectQueries(queryClient: QueryClient): Promise<void> {
  return Promise.all(
    [projectTreeBaseKey, projectsBaseKey, projectParentsBaseKey, projectStatsBaseKey, breadcrumbsBaseKey].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  ).then(() => undefined);
}
