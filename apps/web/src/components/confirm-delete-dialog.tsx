import type { UseMutationResult } from '@tanstack/react-query';
import { toast } from 'sonner';
import { useApiErrorMessage } from '../lib/use-api-error-message.ts';
import { AlertDialog } from './ui/alert-dialog.tsx';

type Props<V> = {
  /** The deletion call and what it takes (an id, mostly). */
  remove: UseMutationResult<unknown, unknown, V>;
  variables: V;
  title: string;
  description: string;
  confirmLabel: string;
  /** The success toast. */
  deleted: string;
  /** The error toast's text (default: the API's translated message); the dialog closes either way. */
  errorText?: (error: unknown) => string;
  onClose: () => void;
};

/** Asks before deleting something; a success or an error toast, then closes (the configuration pages share it). */
export function ConfirmDeleteDialog<V>({
  remove,
  variables,
  title,
  description,
  confirmLabel,
  deleted,
  errorText,
  onClose,
}: Props<V>) {
  const errorMessage = useApiErrorMessage();
  return (
    <AlertDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      destructive
      loading={remove.isPending}
      onConfirm={() =>
        remove.mutate(variables, {
          onSuccess: () => {
            toast.success(deleted);
            onClose();
          },
          onError: (error) => {
            toast.error(errorText ? errorText(error) : errorMessage(error));
            onClose();
          },
        })
      }
    />
  );
}
