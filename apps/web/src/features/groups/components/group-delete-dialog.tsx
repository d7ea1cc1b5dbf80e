import { useTranslation } from 'react-i18next';
import type { TGroup } from '@embauche/contracts/groups';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog.tsx';
import { useDeleteGroup } from '../api/delete-group.ts';

/** Confirms deleting a group: its memberships and its mentions go with it. */
export function GroupDeleteDialog({ group, onClose }: { group: TGroup; onClose: () => void }) {
  const { t } = useTranslation(['groups', 'errors']);
  return (
    <ConfirmDeleteDialog
      remove={useDeleteGroup()}
      variables={group.id}
      title={t('groups:delete.title', { name: group.name })}
      description={t('groups:delete.description')}
      confirmLabel={t('groups:delete.confirm')}
      deleted={t('groups:delete.deleted', { name: group.name })}
      onClose={onClose}
    />
  );
}
