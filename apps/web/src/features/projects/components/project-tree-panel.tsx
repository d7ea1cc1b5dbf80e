import type { Ref } from 'react';
import { FolderPlus, PanelLeftClose } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Tooltip } from '../../../components/ui/tooltip.tsx';
import { ProjectCounts } from './project-counts.tsx';
import { ProjectSearch } from './project-search.tsx';
import { ProjectShortcuts } from './project-shortcuts.tsx';
import { useProjectTreeContext } from './project-tree-context.ts';
import { ProjectTreeNode } from './project-tree-node.tsx';

type Props = {
  /** Folds the panel into its rail (wide screens only; the phone's sheet has its own close button). */
  onFold?: () => void;
  foldRef?: Ref<HTMLButtonElement>;
};

/** The side panel of the projects area: search, shortcut lists and the project tree with counts. */
export function ProjectTreePanel({ onFold, foldRef }: Props) {
  const { t } = useTranslation(['projects', 'common']);
  const { tree, active, loading, showAll, permissions, openDialog } = useProjectTreeContext();
  const activeId = typeof active?.id === 'number' ? active.id : null;
  const nodes = tree?.children ?? [];
  const heading = tree && tree.type !== 2 ? tree.name : tree?.id === 'favorites' ? t('projects:favorites') : t('projects:all_projects');
  return (
    <nav aria-label={t('projects:tree.label')} className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-3 shadow-sm">
      <div className="flex items-start gap-1">
        <div className="min-w-0 flex-1">
          <ProjectSearch />
        </div>
        {onFold ? (
          <Tooltip content={t('projects:panel.fold_hint', { shortcut: t('projects:panel.shortcut') })} side="bottom">
            <Button
              ref={foldRef}
              variant="ghost"
              size="icon"
              className="size-10 shrink-0"
              aria-label={t('projects:panel.fold')}
              aria-expanded={true}
              aria-keyshortcuts="Alt+Shift+P"
              onClick={onFold}
            >
              <PanelLeftClose aria-hidden="true" />
            </Button>
          </Tooltip>
        ) : null}
      </div>
      <ProjectShortcuts />
      <div className="border-t border-slate-200 pt-3">
        <div className="mb-2 flex items-center justify-between gap-2 px-1">
          <h2 className="text-xs font-semibold uppercase tracking-wide text-slate-700">{tree ? heading : t('projects:tree.current')}</h2>
          {permissions.create ? (
            <Tooltip content={t('projects:actions.create')} side="top">
              <Button
                variant="ghost"
                size="icon"
                className="size-8"
                aria-label={t('projects:actions.create')}
                onClick={() => openDialog({ kind: 'create', parentId: tree && tree.type === 0 ? (tree.id as number) : null })}
              >
                <FolderPlus aria-hidden="true" />
              </Button>
            </Tooltip>
          ) : null}
        </div>
        {loading ? <Spinner className="px-2" /> : null}
        {tree && tree.type !== 2 ? (
          <Button variant="link" size="sm" className="mb-1 h-auto px-1" onClick={showAll}>
            {t('projects:tree.show_all')}
          </Button>
        ) : null}
        {!tree && active ? (
          <div className="flex flex-col gap-1 px-1">
            <p className="text-sm font-semibold text-slate-900">{active.name}</p>
            <ProjectCounts offers={active.total_offers} toTreat={active.total_to_treat} />
            <Button variant="link" size="sm" className="h-auto self-start px-0" onClick={showAll}>
              {t('projects:tree.show_all')}
            </Button>
          </div>
        ) : null}
        {tree && nodes.length === 0 ? <p className="px-1 text-sm text-slate-600">{t('projects:tree.empty')}</p> : null}
        <ul className="flex flex-col">
          {nodes.map((node) => (
            <ProjectTreeNode key={node.id} node={node} activeId={activeId} />
          ))}
        </ul>
      </div>
    </nav>
  );
}
