import { useTranslation } from 'react-i18next';
import { Archive, ArchiveRestore, EllipsisVertical, FolderInput, Pencil, Plus, UsersRound } from 'lucide-react';
import type { TSubsidiaryItem } from '@embauche/contracts/subsidiaries';
import { Badge } from '../../../components/ui/badge.tsx';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../../../components/ui/dropdown-menu.tsx';
import { cn } from '../../../lib/cn.ts';
import type { SubsidiaryNode } from '../lib/subsidiary-tree.ts';

export type SubsidiaryAction = 'add_child' | 'rename' | 'move' | 'users' | 'archive' | 'unarchive';

type Props = {
  nodes: SubsidiaryNode[];
  onAction: (action: SubsidiaryAction, subsidiary: TSubsidiaryItem) => void;
  /** The outer list's name; nested lists are named after their parent. */
  label: string;
};

/**
 * The subsidiaries as nested lists: each level is a list named after its parent, each subsidiary
 * has its actions behind one menu button (Tab reaches it, arrows move in the menu). Indentation
 * stops growing after a few levels so that a deep tree still fits a phone.
 */
export function SubsidiaryTree({ nodes, onAction, label }: Props) {
  return (
    <ul aria-label={label} className="flex flex-col gap-2">
      {nodes.map((node) => (
        <SubsidiaryBranch key={node.id} node={node} onAction={onAction} />
      ))}
    </ul>
  );
}

function SubsidiaryBranch({ node, onAction }: { node: SubsidiaryNode; onAction: Props['onAction'] }) {
  const { t } = useTranslation('subsidiaries');
  return (
    <li>
      <div
        className={cn(
          'flex min-w-0 items-center gap-2 rounded-lg border px-3 py-2',
          node.archived ? 'border-dashed border-slate-300 bg-slate-50' : 'border-slate-200 bg-white shadow-sm',
        )}
      >
        <div className="flex min-w-0 flex-1 flex-col gap-1 sm:flex-row sm:flex-wrap sm:items-center sm:gap-x-3">
          <span className={cn('min-w-0 break-words font-medium', node.archived ? 'text-slate-600' : 'text-slate-900')}>{node.name}</span>
          <span className="flex flex-wrap items-center gap-2">
            <span className="text-xs text-slate-700">{t('subsidiaries:tree.users', { count: node.user_count })}</span>
            {node.archived ? <Badge tone="warning">{t('subsidiaries:tree.archived')}</Badge> : null}
          </span>
        </div>
        <SubsidiaryActions node={node} onAction={onAction} />
      </div>
      {node.children.length ? (
        <ul aria-label={t('subsidiaries:tree.children_of', { name: node.name })} className={cn('mt-2 flex flex-col gap-2 border-l border-slate-200', node.depth < 4 ? 'ml-3 pl-3 sm:ml-5 sm:pl-4' : 'ml-1 pl-2')}>
          {node.children.map((child) => (
            <SubsidiaryBranch key={child.id} node={child} onAction={onAction} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

function SubsidiaryActions({ node, onAction }: { node: SubsidiaryNode; onAction: Props['onAction'] }) {
  const { t } = useTranslation('subsidiaries');
  const items: { action: SubsidiaryAction; icon: typeof Plus; label: string }[] = [
    ...(node.archived ? [] : [{ action: 'add_child' as const, icon: Plus, label: t('subsidiaries:actions.add_child') }]),
    { action: 'rename', icon: Pencil, label: t('subsidiaries:actions.rename') },
    { action: 'move', icon: FolderInput, label: t('subsidiaries:actions.move') },
    { action: 'users', icon: UsersRound, label: t('subsidiaries:actions.users') },
    node.archived
      ? { action: 'unarchive', icon: ArchiveRestore, label: t('subsidiaries:actions.unarchive') }
      : { action: 'archive', icon: Archive, label: t('subsidiaries:actions.archive') },
  ];
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label={t('subsidiaries:actions.menu', { name: node.name })}
        className="inline-flex size-9 shrink-0 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      >
        <EllipsisVertical aria-hidden="true" className="size-4" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {items.map(({ action, icon: Icon, label }) => (
          <DropdownMenuItem key={action} onSelect={() => onAction(action, node)}>
            <Icon aria-hidden="true" />
            {label}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
