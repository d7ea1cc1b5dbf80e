import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { notificationCountKey, notificationListsKey } from './notification-keys.ts';

/**
 * A change of the panel (spec 4): `optimistic` moves the counter and the cached lists at once;
 * on failure the list and the count are reloaded from the server and common:error is shown.
 * The lists are marked stale on success, so that the next opening shows the server's order.
 */
export function useNotificationMutation<T>(mutationFn: (input: T) => Promise<void>, optimistic: (input: T) => void) {
  const queryClient = useQueryClient();
  const { t } = useTranslation('common');
  return useMutation({
    mutationFn,
    onMutate: async (input: T) => {
      await queryClient.cancelQueries({ queryKey: notificationListsKey });
      await queryClient.cancelQueries({ queryKey: notificationCountKey });
      optimistic(input);
    },
    onError: () => {
      toast.error(t('common:error'));
      void queryClient.invalidateQueries({ queryKey: notificationListsKey });
      void queryClient.invalidateQueries({ queryKey: notificationCountKey });
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: notificationListsKey, refetchType: 'none' }),
  });
}
