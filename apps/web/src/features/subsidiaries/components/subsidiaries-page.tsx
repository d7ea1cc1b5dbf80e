import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Network, Plus } from 'lucide-react';
import { parseAsBoolean, useQueryState } from 'nuqs';
import { toast } from 'sonner';
import type { TSubsidiaryItem } from '@embauche/contracts/subsidiaries';
import { PageIntro } from '../../../components/page-intro.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useArchiveSubsidiary } from '../api/archive-subsidiary.ts';
import { useSubsidiaryTree } from '../api/get-subsidiary-tree.ts';
import { buildSubsidiaryForest, type SubsidiaryNode } from '../lib/subsidiary-tree.ts';
import { ArchiveSubsidiaryDialog } from './archive-subsidiary-dialog.tsx';
import { MoveSubsidiaryDialog } from './move-subsidiary-dialog.tsx';
import { SubsidiaryDialog } from './subsidiary-dialog.tsx';
import { SubsidiaryModeSwitch } from './subsidiary-mode-switch.tsx';
import { SubsidiaryTree, type SubsidiaryAction } from './subsidiary-tree.tsx';
import { SubsidiaryUsersDialog } from './subsidiary-users-dialog.tsx';

type Open =
  | { kind: 'create'; parent: TSubsidiaryItem | null }
  | { kind: 'rename' | 'move' | 'users' | 'archive'; subsidiary: TSubsidiaryItem }
  | null;

/** Keeps archived subsidiaries out, except those that still hold a visible one. */
function withoutArchived(nodes: SubsidiaryNode[]): SubsidiaryNode[] {
  return nodes.flatMap((node) => {
    const children = withoutArchived(node.children);
    return node.archived && !children.length ? [] : [{ ...node, children }];
  });
}

/**
 * Config page `subsidiaries` (`config.subsidiaries`): the subsidiary mode and the subsidiaries as a
 * tree: create, rename, move, archive (with the subsidiaries under it, once confirmed), and the
 * users attached to each. `?archived=false` hides
 * the archived ones.
 */
export function SubsidiariesPage() {
  const { t } = useTranslation(['subsidiaries', 'common']);
  const tree = useSubsidiaryTree();
  const [showArchived, setShowArchived] = useQueryState('archived', parseAsBoolean.withDefault(true));
  const [open, setOpen] = useState<Open>(null);
  const archive = useArchiveSubsidiary();
  const errorMessage = useApiErrorMessage();
  const close = () => setOpen(null);
  const all = tree.data?.subsidiaries ?? [];
  const forest = buildSubsidiaryForest(all);
  const shown = showArchived ? forest : withoutArchived(forest);
  const archivedCount = all.filter((s) => s.archived).length;

  const onAction = (action: SubsidiaryAction, subsidiary: TSubsidiaryItem) => {
    if (action === 'add_child') setOpen({ kind: 'create', parent: subsidiary });
    else if (action === 'unarchive') {
      // Restores this one only; under an archived parent the server refuses (`parent_archived`).
      archive.mutate(
        { id: subsidiary.id, archived: false },
        {
          onSuccess: () => toast.success(t('subsidiaries:archive.unarchived', { name: subsidiary.name })),
          onError: (error) =>
            toast.error(
              isApiError(error) && error.errors?.archived?.includes('parent_archived') ? t('subsidiaries:archive.parent_archived') : errorMessage(error),
            ),
        },
      );
    } else setOpen({ kind: action, subsidiary });
  };

  return (
    <div className="flex flex-col gap-4 p-4 sm:p-6">
      <PageIntro
        actions={
          <Button onClick={() => setOpen({ kind: 'create', parent: null })}>
            <Plus aria-hidden="true" />
            {t('subsidiaries:add')}
          </Button>
        }
      >
        {t('subsidiaries:intro')}
      </PageIntro>
      {tree.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label={t('common:loading')} />
        </div>
      ) : tree.isError ? (
        <div role="alert" className="flex flex-col items-center gap-3 py-16 text-center text-sm text-slate-700">
          <p>{t('subsidiaries:error')}</p>
          <Button variant="outline" size="sm" onClick={() => void tree.refetch()}>
            {t('subsidiaries:retry')}
          </Button>
        </div>
      ) : (
        <>
          <SubsidiaryModeSwitch on={tree.data.subsidiary_mode} />
          {all.length === 0 ? (
            <EmptyState icon={Network} className="min-h-[240px]" headingLevel="h2" title={t('subsidiaries:empty')} />
          ) : (
            <section aria-labelledby="subsidiaries-tree-title" className="flex flex-col gap-3">
              <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
                <h2 id="subsidiaries-tree-title" className="text-base font-semibold text-slate-900">
                  {t('subsidiaries:tree.title')}
                  <span className="ml-2 text-sm font-normal text-slate-700">{t('subsidiaries:total', { count: all.length })}</span>
                </h2>
                {archivedCount ? (
                  <label className="flex items-center gap-2 text-sm text-slate-800">
                    <Checkbox checked={showArchived} onChange={(e) => void setShowArchived(e.target.checked ? null : false)} />
                    {t('subsidiaries:tree.show_archived', { count: archivedCount })}
                  </label>
                ) : null}
              </div>
              <SubsidiaryTree nodes={shown} onAction={onAction} label={t('subsidiaries:tree.label')} />
            </section>
          )}
        </>
      )}
      {open?.kind === 'create' ? <SubsidiaryDialog key={open.parent?.id ?? 'top'} parent={open.parent} onClose={close} /> : null}
      {open?.kind === 'rename' ? <SubsidiaryDialog key={open.subsidiary.id} subsidiary={open.subsidiary} onClose={close} /> : null}
      {open?.kind === 'move' ? <MoveSubsidiaryDialog subsidiary={open.subsidiary} all={all} onClose={close} /> : null}
      {open?.kind === 'archive' ? <ArchiveSubsidiaryDialog subsidiary={open.subsidiary} all={all} onClose={close} /> : null}
      {open?.kind === 'users' ? <SubsidiaryUsersDialog subsidiary={open.subsidiary} onClose={close} /> : null}
    </div>
  );
}
