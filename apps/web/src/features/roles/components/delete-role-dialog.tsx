import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { TRole } from '@embauche/contracts/roles';
import { AlertDialog } from '../../../components/ui/alert-dialog.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { translateErrorCode } from '../../../lib/error-message.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useDeleteRole } from '../api/delete-role.ts';

/**
 * Confirms deleting a role. A refusal (409: users hold it, it has child roles, it is the root)
 * stays in the dialog as its translated reason, with the count.
 */
export function DeleteRoleDialog({ role, onClose }: { role: TRole; onClose: (deleted: boolean) => void }) {
  const { t } = useTranslation(['rights', 'errors']);
  const remove = useDeleteRole();
  const errorMessage = useApiErrorMessage();
  const [refusal, setRefusal] = useState<string | null>(null);
  const confirm = () =>
    remove.mutate(role.id, {
      onSuccess: () => {
        toast.success(t('rights:delete.deleted', { name: role.name }));
        onClose(true);
      },
      onError: (error) => {
        if (isApiError(error) && error.status === 409) {
          const code = Object.values(error.errors ?? {})[0]?.[0] ?? error.code ?? 'generic';
          setRefusal(translateErrorCode(t, code));
        } else toast.error(errorMessage(error));
      },
    });
  return (
    <AlertDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose(false))}
      title={t('rights:delete.title', { name: role.name })}
      description={t('rights:delete.description')}
      confirmLabel={t('rights:delete.confirm')}
      destructive
      loading={remove.isPending}
      onConfirm={confirm}
    >
      {refusal ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {refusal}
        </p>
      ) : null}
    </AlertDialog>
  );
}
