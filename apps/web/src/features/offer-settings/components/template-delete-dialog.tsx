import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { TOfferTemplate } from '@embauche/contracts/offer-settings';
import { AlertDialog } from '../../../components/ui/alert-dialog.tsx';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useDeleteOfferTemplate } from '../api/delete-offer-template.ts';

/** Confirms deleting a template; the offers made from it keep their values. */
export function TemplateDeleteDialog({ template, onClose }: { template: TOfferTemplate; onClose: () => void }) {
  const { t } = useTranslation(['offer_settings', 'errors']);
  const remove = useDeleteOfferTemplate();
  const errorMessage = useApiErrorMessage();
  const confirm = () =>
    remove.mutate(template.id, {
      onSuccess: () => {
        toast.success(t('offer_settings:templates.deleted', { name: template.name }));
        onClose();
      },
      onError: (error) => toast.error(errorMessage(error)),
    });
  return (
    <AlertDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('offer_settings:templates.delete_title', { name: template.name })}
      description={t('offer_settings:templates.delete_description')}
      confirmLabel={t('offer_settings:templates.delete_confirm')}
      destructive
      loading={remove.isPending}
      onConfirm={confirm}
    />
  );
}
