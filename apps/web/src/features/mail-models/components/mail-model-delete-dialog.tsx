import { useTranslation } from 'react-i18next';
import type { TMailModelItem } from '@embauche/contracts/mail-models';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog.tsx';
import { useDeleteMailModel } from '../api/delete-mail-model.ts';

/** Confirms deleting a model; e-mails of its kind then use another default, or the built-in text. */
export function MailModelDeleteDialog({
  model,
  onClose,
}: {
  model: Pick<TMailModelItem, 'id' | 'name'>;
  onClose: () => void;
}) {
  const { t } = useTranslation(['mail', 'errors']);
  return (
    <ConfirmDeleteDialog
      remove={useDeleteMailModel()}
      variables={model.id}
      title={t('mail:models.delete_title', { name: model.name })}
      description={t('mail:models.delete_description')}
      confirmLabel={t('mail:models.delete_confirm')}
      deleted={t('mail:models.deleted', { name: model.name })}
      onClose={onClose}
    />
  );
}
