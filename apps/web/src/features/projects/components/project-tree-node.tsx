import { useState } from 'react';
import { Link } from 'react-router';
import { ChevronRight, Folder, FolderOpen, Briefcase } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PROJECT_TYPES, type TProjectNode } from '@embauche/contracts/projects';
import { cn } from '../../../lib/cn.ts';
import { containsId } from '../lib/tree-utils.ts';
import { ProjectActionsMenu } from './project-actions-menu.tsx';
import { ProjectFavoriteToggle } from './project-favorite-toggle.tsx';

type Props = { node: TProjectNode; activeId: number | null; depth?: number };

/** One project of the tree: a folder toggles its sub-projects; the name opens the project's offers. */
export function ProjectTreeNode({ node, activeId, depth = 0 }: Props) {
  const { t } = useTranslation('projects');
  const isFolder = node.type === PROJECT_TYPES.FOLDER;
  const [open, setOpen] = useState(() => activeId !== null && node.id !== activeId && containsId(node, activeId));
  const active = node.id === activeId;
  const Icon = isFolder ? (open ? FolderOpen : Folder) : Briefcase;
  return (
    <li>
      <div
        className={cn('group flex items-center gap-1 rounded-lg py-1 pr-1', active ? 'bg-brand-50' : 'hover:bg-slate-100')}
        style={{ paddingLeft: `${depth * 0.75}rem` }}
      >
        {isFolder && node.children.length > 0 ? (
          <button
            type="button"
            aria-expanded={open}
            aria-label={t(open ? 'projects:tree.collapse' : 'projects:tree.expand', { name: node.name })}
            onClick={() => setOpen(!open)}
            className="inline-flex size-6 shrink-0 items-center justify-center rounded text-slate-600 hover:bg-slate-200 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
          >
            <ChevronRight aria-hidden="true" className={cn('size-4 transition-transform', open && 'rotate-90')} />
          </button>
        ) : (
          <span className="size-6 shrink-0" />
        )}
        <Link
          to={`/projects/${node.id}/offers`}
          aria-current={active ? 'page' : undefined}
          className="flex min-w-0 flex-1 flex-col rounded px-1 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        >
          <span className={cn('flex items-start gap-1.5 text-sm', active ? 'font-semibold text-brand-800' : 'text-slate-800')}>
            <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
            <span className="break-words">{node.name}</span>
          </span>
          <span className="sr-only">, </span>
          <span className="flex flex-wrap gap-x-2 pl-5 text-xs text-slate-600">
            {isFolder ? <span>{t('projects:counts.sub_projects', { count: node.total_sub_projects })}</span> : null}
            <span>{t('projects:counts.offers', { count: node.total_offers })}</span>
            {node.total_to_treat > 0 ? (
              <span className="font-medium text-amber-800">{t('projects:counts.to_treat', { count: node.total_to_treat })}</span>
            ) : null}
          </span>
        </Link>
        <ProjectFavoriteToggle id={node.id} name={node.name} favorite={node.is_favorite} />
        <ProjectActionsMenu project={node} />
      </div>
      {isFolder && open && node.children.length > 0 ? (
        <ul>
          {node.children.map((child) => (
            <ProjectTreeNode key={child.id} node={child} activeId={activeId} depth={depth + 1} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}
