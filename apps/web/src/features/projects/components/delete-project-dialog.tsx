import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { TProjectNode } from '@embauche/contracts/projects';
import { AlertDialog } from '../../../components/ui/alert-dialog.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { errorStatus } from '../../../lib/api-error.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useDeleteProject } from '../api/delete-project.ts';

type Props = { project: TProjectNode; onClose: () => void; onDeleted?: (id: number) => void };

/** Deleting a folder that still holds projects or offers is refused (409): the dialog says why. */
export function DeleteProjectDialog({ project, onClose, onDeleted }: Props) {
  const { t } = useTranslation(['projects', 'common']);
  const remove = useDeleteProject();
  const errorMessage = useApiErrorMessage();
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setError(null);
    try {
      await remove.mutateAsync(project.id);
      toast.success(t('projects:delete.done', { name: project.name }));
      onDeleted?.(project.id);
      onClose();
    } catch (failure) {
      setError(errorStatus(failure) === 409 ? t('projects:delete.not_empty') : errorMessage(failure));
    }
  };
  return (
    <AlertDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('projects:delete.title', { name: project.name })}
      description={t('projects:delete.description')}
      confirmLabel={t('projects:delete.confirm')}
      destructive
      loading={remove.isPending}
      onConfirm={() => void confirm()}
    >
      {error ? <FormAlert message={error} /> : null}
    </AlertDialog>
  );
}
