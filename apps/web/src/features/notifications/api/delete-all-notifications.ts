import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { updateCachedLists, updateCount } from './notification-keys.ts';
import { useNotificationMutation } from './use-notification-mutation.ts';

/** `DELETE /notifications/delete-all` (204). */
export function deleteAllNotifications(): Promise<void> {
  return api.delete<void>('/notifications/delete-all');
}

export function useDeleteAllNotifications() {
  const queryClient = useQueryClient();
  return useNotificationMutation(deleteAllNotifications, () => {
    updateCount(queryClient, () => 0);
    updateCachedLists(queryClient, () => []);
  });
}
