import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { TGroup } from '@embauche/contracts/groups';
import { AlertDialog } from '../../../components/ui/alert-dialog.tsx';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useDeleteGroup } from '../api/delete-group.ts';

/** Confirms deleting a group: its memberships and its mentions go with it. */
export function GroupDeleteDialog({ group, onClose }: { group: TGroup; onClose: () => void }) {
  const { t } = useTranslation(['groups', 'errors']);
  const remove = useDeleteGroup();
  const errorMessage = useApiErrorMessage();
  const confirm = () =>
    remove.mutate(group.id, {
      onSuccess: () => {
        toast.success(t('groups:delete.deleted', { name: group.name }));
        onClose();
      },
      onError: (error) => toast.error(errorMessage(error)),
    });
  return (
    <AlertDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('groups:delete.title', { name: group.name })}
      description={t('groups:delete.description')}
      confirmLabel={t('groups:delete.confirm')}
      destructive
      loading={remove.isPending}
      onConfirm={confirm}
    />
  );
}
