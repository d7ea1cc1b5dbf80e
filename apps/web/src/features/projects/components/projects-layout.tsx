import { Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { TProjectRef } from '@embauche/contracts/projects';
import { FolderTree } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Sheet } from '../../../components/ui/sheet.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorStatus } from '../../../lib/api-error.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { useProjectTreeState } from '../hooks/use-project-tree-state.ts';
import { DeleteProjectDialog } from './delete-project-dialog.tsx';
import { MoveProjectDialog } from './move-project-dialog.tsx';
import { ProjectFormDialog } from './project-form-dialog.tsx';
import { ProjectTreeContext, type ProjectDialog, type ProjectPermissions } from './project-tree-context.ts';
import { ProjectTreePanel } from './project-tree-panel.tsx';

type Props = { wanted: TProjectRef | null; permissions: ProjectPermissions; children: ReactNode };

const TREE_FOLDED_QUERY = '(max-width: 1023px)';

/** The projects area: the tree panel beside the current screen, sharing the tree state with it. */
export function ProjectsLayout({ wanted, permissions, children }: Props) {
  const { t } = useTranslation(['common', 'projects']);
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
  // Spec 9: below the 1024px wide breakpoint the tree folds behind a button and opens as a sheet.
  const folded = useMediaQuery(TREE_FOLDED_QUERY);
  // Open for one page only: choosing a project or a list in the sheet closes it.
  const [treeOpenAt, setTreeOpenAt] = useState<string | null>(null);
  const treeOpen = treeOpenAt === pathname;
  const setTreeOpen = (open: boolean) => setTreeOpenAt(open ? pathname : null);
  return (
    <ProjectTreeContext.Provider value={value}>
      <div className="flex flex-col gap-4 lg:grid lg:grid-cols-[18rem_minmax(0,1fr)] lg:items-start lg:gap-6">
        {folded ? (
          <div>
            <Button variant="outline" size="sm" aria-haspopup="dialog" aria-expanded={treeOpen} onClick={() => setTreeOpen(true)}>
              <FolderTree aria-hidden="true" />
              {t('projects:tree.toggle')}
            </Button>
            <Sheet open={treeOpen} onOpenChange={setTreeOpen} title={t('projects:tree.label')} className="w-80">
              <div className="p-3">
                <ProjectTreePanel />
              </div>
            </Sheet>
          </div>
        ) : (
          <div className="lg:sticky lg:top-20">
            <ProjectTreePanel />
          </div>
        )}
        {/*
          A screen (or a tab) that still loads its translations suspends: without this boundary the
          app-wide one would replace the whole page, blanking the tree panel (offer applications tab).
        */}
        <div className="min-w-0">
          <Suspense fallback={<Spinner className="p-4" />}>{children}</Suspense>
        </div>
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
