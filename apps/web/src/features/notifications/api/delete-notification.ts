import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { cachedNotification, updateCachedLists, updateCount } from './notification-keys.ts';
import { useNotificationMutation } from './use-notification-mutation.ts';

/** `DELETE /notifications/{id}` (204). */
export function deleteNotification(id: number): Promise<void> {
  return api.delete<void>(`/notifications/${id}`);
}

/** Deleting an unread one drops the counter by one. */
export function useDeleteNotification() {
  const queryClient = useQueryClient();
  return useNotificationMutation(deleteNotification, (id: number) => {
    if (cachedNotification(queryClient, id)?.read_at === null) updateCount(queryClient, (count) => count - 1);
    updateCachedLists(queryClient, (items) => items.filter((n) => n.id !== id));
  });
}
