import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { updateCachedLists, updateCount } from './notification-keys.ts';
import { useNotificationMutation } from './use-notification-mutation.ts';

/** `POST /notifications/read-all` (204). */
export function markAllNotificationsRead(): Promise<void> {
  return api.post<void>('/notifications/read-all');
}

/** Every one read: the counter is set to 0 (spec 4). */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useNotificationMutation(markAllNotificationsRead, () => {
    updateCount(queryClient, () => 0);
    const now = new Date().toISOString();
    updateCachedLists(queryClient, (items) => items.map((n) => (n.read_at === null ? { ...n, read_at: now } : n)));
  });
}
