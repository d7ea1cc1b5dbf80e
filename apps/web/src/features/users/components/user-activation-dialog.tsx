import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { TUser } from '@embauche/contracts/users';
import { AlertDialog } from '../../../components/ui/alert-dialog.tsx';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useSetUsersActive } from '../api/set-users-active.ts';

/** Confirms activating or deactivating a user; deactivation signs them out everywhere at once. */
export function UserActivationDialog({ user, onClose }: { user: TUser; onClose: () => void }) {
  const { t } = useTranslation(['users', 'errors']);
  const setActive = useSetUsersActive();
  const errorMessage = useApiErrorMessage();
  const name = `${user.firstname} ${user.lastname}`;
  const activating = !user.active;
  const confirm = () =>
    setActive.mutate(
      { user_ids: [user.id], active: activating },
      {
        onSuccess: () => {
          toast.success(t(activating ? 'users:activation.activated' : 'users:activation.deactivated', { name }));
          onClose();
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  return (
    <AlertDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t(activating ? 'users:activation.activate_title' : 'users:activation.deactivate_title', { name })}
      description={t(activating ? 'users:activation.activate_description' : 'users:activation.deactivate_description')}
      confirmLabel={t(activating ? 'users:activation.activate' : 'users:activation.deactivate')}
      destructive={!activating}
      loading={setActive.isPending}
      onConfirm={confirm}
    />
  );
}
