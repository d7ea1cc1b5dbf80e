import { useEffect } from 'react';
import { Outlet, useLocation, useParams } from 'react-router';
import type { TProjectRef } from '@embauche/contracts/projects';
import { ProjectsLayout } from '../../features/projects/components/projects-layout.tsx';
import { parseProjectRef } from '../../features/projects/lib/tree-utils.ts';
import { rememberProjectPath } from '../navigation/nav-items.ts';
import { useCan } from '../session/use-current-user.ts';

/** Which tree or project the panel should show for the current path. */
function wantedRef(pathname: string, raw: string | undefined): TProjectRef | null {
  if (pathname === '/projects' || pathname === '/projects/') return 'all';
  if (pathname === '/projects/favorites') return 'favorites';
  const ref = parseProjectRef(raw);
  // `/projects/favorites/offers` lists favourite offers: it keeps the tree the panel shows.
  return ref === 'favorites' ? 'favorites-offers' : ref;
}

/** Every /projects path: the tree panel beside the screen; the visited path is remembered for the nav item. */
export function ProjectsRoute() {
  const { pathname } = useLocation();
  const { id, projectId } = useParams();
  const can = useCan();
  useEffect(() => {
    rememberProjectPath(pathname);
  }, [pathname]);
  return (
    <ProjectsLayout
      wanted={wantedRef(pathname, id ?? projectId)}
      permissions={{ create: can('project.create'), edit: can('project.edit'), delete: can('project.delete') }}
    >
      <Outlet />
    </ProjectsLayout>
  );
}
