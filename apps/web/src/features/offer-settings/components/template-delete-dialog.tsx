import { useTranslation } from 'react-i18next';
import type { TOfferTemplate } from '@embauche/contracts/offer-settings';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog.tsx';
import { useDeleteOfferTemplate } from '../api/delete-offer-template.ts';

/** Confirms deleting a template; the offers made from it keep their values. */
export function TemplateDeleteDialog({
  template,
  onClose,
}: {
  template: TOfferTemplate;
  onClose: () => void;
}) {
  const { t } = useTranslation(['offer_settings', 'errors']);
  return (
    <ConfirmDeleteDialog
      remove={useDeleteOfferTemplate()}
      variables={template.id}
      title={t('offer_settings:templates.delete_title', { name: template.name })}
      description={t('offer_settings:templates.delete_description')}
      confirmLabel={t('offer_settings:templates.delete_confirm')}
      deleted={t('offer_settings:templates.deleted', { name: template.name })}
      onClose={onClose}
    />
  );
}
