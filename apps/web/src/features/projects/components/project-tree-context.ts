import { createContext, useContext } from 'react';
import type { TProjectNode } from '@embauche/contracts/projects';
import type { ProjectTreeState } from '../hooks/use-project-tree-state.ts';

export type ProjectPermissions = { create: boolean; edit: boolean; delete: boolean };

export type ProjectDialog =
  | { kind: 'create'; parentId: number | null }
  | { kind: 'rename' | 'move' | 'delete'; project: TProjectNode };

export type ProjectTreeContextValue = ProjectTreeState & {
  permissions: ProjectPermissions;
  openDialog: (dialog: ProjectDialog) => void;
};

export const ProjectTreeContext = createContext<ProjectTreeContextValue | null>(null);

/** The tree and active project of the projects area, for the screens inside it. */
export function useProjectTreeContext(): ProjectTreeContextValue {
  const value = useContext(ProjectTreeContext);
  if (!value) throw new Error('useProjectTreeContext used outside <ProjectsLayout>');
  return value;
}
