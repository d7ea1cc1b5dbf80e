import { EllipsisVertical, FolderInput, FolderPlus, Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PROJECT_TYPES, type TProjectNode } from '@embauche/contracts/projects';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../../../components/ui/dropdown-menu.tsx';
import { useProjectTreeContext } from './project-tree-context.ts';

/** Rename, move, delete and (for a folder) add a sub-project; items follow the user's permissions. */
export function ProjectActionsMenu({ project }: { project: TProjectNode }) {
  const { t } = useTranslation('projects');
  const { permissions, openDialog } = useProjectTreeContext();
  const canAdd = permissions.create && project.type === PROJECT_TYPES.FOLDER;
  if (!canAdd && !permissions.edit && !permissions.delete) return null;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label={t('projects:actions.menu', { name: project.name })}
        className="inline-flex size-8 shrink-0 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      >
        <EllipsisVertical aria-hidden="true" className="size-4" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {canAdd ? (
          <DropdownMenuItem onSelect={() => openDialog({ kind: 'create', parentId: project.id })}>
            <FolderPlus aria-hidden="true" />
            {t('projects:actions.add_child')}
          </DropdownMenuItem>
        ) : null}
        {permissions.edit ? (
          <>
            <DropdownMenuItem onSelect={() => openDialog({ kind: 'rename', project })}>
              <Pencil aria-hidden="true" />
              {t('projects:actions.rename')}
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => openDialog({ kind: 'move', project })}>
              <FolderInput aria-hidden="true" />
              {t('projects:actions.move')}
            </DropdownMenuItem>
          </>
        ) : null}
        {permissions.delete ? (
          <DropdownMenuItem className="text-red-700" onSelect={() => openDialog({ kind: 'delete', project })}>
            <Trash2 aria-hidden="true" />
            {t('projects:actions.delete')}
          </DropdownMenuItem>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
