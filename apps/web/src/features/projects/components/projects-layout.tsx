import { Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { TProjectRef } from '@embauche/contracts/projects';
import { FolderTree, PanelLeftOpen, Search } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Sheet } from '../../../components/ui/sheet.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Tooltip } from '../../../components/ui/tooltip.tsx';
import { cn } from '../../../lib/cn.ts';
import { useUserPreference } from '../../../lib/user-preference.ts';
import { errorStatus } from '../../../lib/api-error.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { useProjectTreeState } from '../hooks/use-project-tree-state.ts';
import { DeleteProjectDialog } from './delete-project-dialog.tsx';
import { MoveProjectDialog } from './move-project-dialog.tsx';
import { ProjectFormDialog } from './project-form-dialog.tsx';
import { ProjectTreeContext, type ProjectDialog, type ProjectPermissions } from './project-tree-context.ts';
import { ProjectShortcutRail } from './project-shortcuts.tsx';
import { ProjectTreePanel } from './project-tree-panel.tsx';

type Props = { wanted: TProjectRef | null; permissions: ProjectPermissions; children: ReactNode };

const TREE_FOLDED_QUERY = '(max-width: 1023px)';

/** Alt+Shift+P folds and unfolds the panel (the letter's key, whatever the keyboard layout types with it). */
export function isPanelShortcut(event: KeyboardEvent): boolean {
  return event.altKey && event.shiftKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyP';
}

/**
 * On wide screens the panel folds into a 3rem rail (its shortcuts as icons) so that the screen beside
 * it (the kanban) gets the room; the choice is kept per user. The focus follows the button that
 * replaces the one pressed.
 */
function useFoldablePanel(enabled: boolean) {
  const [panelFolded, setPanelFolded] = useUserPreference('projects.panelFolded', false);
  const foldButton = useRef<HTMLButtonElement>(null);
  const unfoldButton = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const focusNext = useRef<'fold' | 'unfold' | 'search' | null>(null);
  const toggle = useCallback(
    (next: boolean, focus: 'fold' | 'unfold' | 'search' | null) => {
      focusNext.current = focus;
      setPanelFolded(next);
    },
    [setPanelFolded],
  );
  useEffect(() => {
    const target = focusNext.current;
    focusNext.current = null;
    if (target === 'fold') foldButton.current?.focus();
    if (target === 'unfold') unfoldButton.current?.focus();
    if (target === 'search') panel.current?.querySelector<HTMLInputElement>('input[type="search"]')?.focus();
  }, [panelFolded]);
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isPanelShortcut(event)) return;
      event.preventDefault();
      // The focus moves only when it was on what disappears (inside the panel or the rail).
      const inside = panel.current?.contains(document.activeElement) ?? false;
      toggle(!panelFolded, inside ? (panelFolded ? 'fold' : 'unfold') : null);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled, panelFolded, toggle]);
  return { panelFolded, toggle, foldButton, unfoldButton, panel };
}

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
  const { panelFolded, toggle, foldButton, unfoldButton, panel } = useFoldablePanel(!folded);
  const railed = !folded && panelFolded;
  return (
    <ProjectTreeContext.Provider value={value}>
      <div
        className={cn(
          'flex flex-col gap-4 lg:grid lg:items-start',
          railed ? 'lg:grid-cols-[3rem_minmax(0,1fr)] lg:gap-4' : 'lg:grid-cols-[18rem_minmax(0,1fr)] lg:gap-6',
        )}
      >
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
        ) : railed ? (
          <div ref={panel} className="lg:sticky lg:top-20">
            <nav aria-label={t('projects:tree.label')} className="flex flex-col items-center gap-2 rounded-xl border border-slate-200 bg-white py-2 shadow-sm">
              <Tooltip content={t('projects:panel.unfold_hint', { shortcut: t('projects:panel.shortcut') })} side="right">
                <Button
                  ref={unfoldButton}
                  variant="ghost"
                  size="icon"
                  aria-label={t('projects:panel.unfold')}
                  aria-expanded={false}
                  aria-keyshortcuts="Alt+Shift+P"
                  onClick={() => toggle(false, 'fold')}
                >
                  <PanelLeftOpen aria-hidden="true" />
                </Button>
              </Tooltip>
              <Tooltip content={t('projects:search.label')} side="right">
                <Button variant="ghost" size="icon" aria-label={t('projects:search.label')} onClick={() => toggle(false, 'search')}>
                  <Search aria-hidden="true" />
                </Button>
              </Tooltip>
              <span aria-hidden="true" className="h-px w-6 bg-slate-200" />
              <ProjectShortcutRail />
            </nav>
          </div>
        ) : (
          <div ref={panel} className="lg:sticky lg:top-20">
            <ProjectTreePanel onFold={() => toggle(true, 'unfold')} foldRef={foldButton} />
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
