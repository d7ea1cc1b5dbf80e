import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { TProjectRef } from '@embauche/contracts/projects';
import { errorStatus } from '../../../lib/api-error.ts';
import { useProjectTreeState } from '../hooks/use-project-tree-state.ts';
import { DeleteProjectDialog } from './delete-project-dialog.tsx';
import { MoveProjectDialog } from './move-project-dialog.tsx';
import { ProjectFormDialog } from './project-form-dialog.tsx';
import { ProjectTreeContext, type ProjectDialog, type ProjectPermissions } from './project-tree-context.ts';
import { ProjectTreePanel } from './project-tree-panel.tsx';

type Props = { wanted: TProjectRef | null; permissions: ProjectPermissions; children: ReactNode };

/** The projects area: the tree panel beside the current screen, sharing the tree state with it. */
export function ProjectsLayout({ wanted, permissions, children }: Props) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const where = useRef(pathname);
  useEffect(() => {
    where.current = pathname;
  }, [pathname]);
  // Spec 8: a failed tree shows forbidden_access on 403, error otherwise, then goes to /projects.
  const onFailure = useCallback(
    (error: unknown) => {
      toast.error(errorStatus(error) === 403 ? t('common:forbidden_access') : t('common:error'));
      if (where.current !== '/projects') void navigate('/projects');
    },
    [navigate, t],
  );
  const state = useProjectTreeState(wanted, onFailure);
  const [dialog, setDialog] = useState<ProjectDialog | null>(null);
  const value = { ...state, permissions, openDialog: setDialog };
  const close = () => setDialog(null);
  return (
    <ProjectTreeContext.Provider value={value}>
      <div className="flex flex-col gap-6 lg:grid lg:grid-cols-[18rem_minmax(0,1fr)] lg:items-start">
        <div className="lg:sticky lg:top-20">
          <ProjectTreePanel />
        </div>
        <div className="min-w-0">{children}</div>
      </div>
      {dialog?.kind === 'create' ? (
        <ProjectFormDialog
          parentId={dialog.parentId}
          onClose={close}
          onSaved={(project) => void navigate(`/projects/${project.id}/offers`)}
        />
      ) : null}
      {dialog?.kind === 'rename' ? <ProjectFormDialog project={dialog.project} onClose={close} /> : null}
      {dialog?.kind === 'move' ? <MoveProjectDialog project={dialog.project} onClose={close} /> : null}
      {dialog?.kind === 'delete' ? (
        <DeleteProjectDialog
          project={dialog.project}
          onClose={close}
          onDeleted={(id) => {
            if (pathname.startsWith(`/projects/${id}/`)) void navigate('/projects');
          }}
        />
      ) : null}
    </ProjectTreeContext.Provider>
  );
}
