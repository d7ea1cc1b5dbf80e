import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { TSubsidiaryItem } from '@embauche/contracts/subsidiaries';
import { AlertDialog } from '../../../components/ui/alert-dialog.tsx';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useArchiveSubsidiary } from '../api/archive-subsidiary.ts';
import { selfAndDescendants } from '../lib/subsidiary-tree.ts';

type Props = { subsidiary: TSubsidiaryItem; all: TSubsidiaryItem[]; onClose: () => void };

/**
 * Asks before archiving: the subsidiaries under it that are not archived yet go with it (the
 * server archives the whole subtree), and restoring it later restores it alone.
 */
export function ArchiveSubsidiaryDialog({ subsidiary, all, onClose }: Props) {
  const { t } = useTranslation(['subsidiaries', 'common']);
  const archive = useArchiveSubsidiary();
  const errorMessage = useApiErrorMessage();
  const under = selfAndDescendants(all, subsidiary.id);
  const children = all.filter((s) => s.id !== subsidiary.id && under.has(s.id) && !s.archived).length;
  return (
    <AlertDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('subsidiaries:archive.confirm_title', { name: subsidiary.name })}
      description={t('subsidiaries:archive.confirm_description')}
      confirmLabel={t('subsidiaries:archive.confirm')}
      loading={archive.isPending}
      onConfirm={() =>
        archive.mutate(
          { id: subsidiary.id, archived: true },
          {
            onSuccess: () => {
              toast.success(t('subsidiaries:archive.archived', { name: subsidiary.name }));
              onClose();
            },
            onError: (error) => {
              toast.error(errorMessage(error));
              onClose();
            },
          },
        )
      }
    >
      {children ? (
        <div className="flex flex-col gap-2 text-sm text-slate-700">
          <p className="font-medium text-slate-900">{t('subsidiaries:archive.confirm_children', { count: children })}</p>
          <p>{t('subsidiaries:archive.confirm_restore_note')}</p>
        </div>
      ) : null}
    </AlertDialog>
  );
}
