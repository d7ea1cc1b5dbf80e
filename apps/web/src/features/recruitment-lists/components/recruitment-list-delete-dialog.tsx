import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { AlertDialog } from '../../../components/ui/alert-dialog.tsx';
import { useDeleteRecruitmentList } from '../api/delete-recruitment-list.ts';

type Props = { list: { id: number; name: string }; onClose: (deleted: boolean) => void };

/** Asks before deleting a list (its creator only); a success or an error toast (spec 8). */
export function RecruitmentListDeleteDialog({ list, onClose }: Props) {
  const { t } = useTranslation('sourcing');
  const remove = useDeleteRecruitmentList();
  return (
    <AlertDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose(false))}
      title={t('sourcing:lists.delete_title', { name: list.name })}
      description={t('sourcing:lists.delete_text')}
      confirmLabel={t('sourcing:lists.delete_confirm')}
      destructive
      loading={remove.isPending}
      onConfirm={() =>
        remove.mutate(list.id, {
          onSuccess: () => {
            toast.success(t('sourcing:lists.deleted'));
            onClose(true);
          },
          onError: () => {
            toast.error(t('sourcing:lists.delete_error'));
            onClose(false);
          },
        })
      }
    />
  );
}
