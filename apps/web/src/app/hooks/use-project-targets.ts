import { PROJECT_TYPES } from '@embauche/contracts/projects';
import type { ProjectTarget } from '../../features/offers/components/action-fields.tsx';
import { useProjects } from '../../features/projects/api/get-projects.ts';

/** The leaf projects (the ones that hold offers), by name: where an offer can be created or moved. */
export function useProjectTargets(): ProjectTarget[] {
  const projects = useProjects();
  return (projects.data ?? [])
    .filter((project) => project.type === PROJECT_TYPES.LEAF)
    .map((project) => ({ id: project.id, name: project.name }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
