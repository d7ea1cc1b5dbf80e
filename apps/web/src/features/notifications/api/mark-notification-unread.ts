import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { cachedNotification, updateCachedLists, updateCount } from './notification-keys.ts';
import { useNotificationMutation } from './use-notification-mutation.ts';

/** `POST /notifications/unread/{id}` (empty body, 204). */
export function markNotificationUnread(id: number): Promise<void> {
  return api.post<void>(`/notifications/unread/${id}`);
}

/** Read back to unread: the counter rises by one (spec 4). */
export function useMarkNotificationUnread() {
  const queryClient = useQueryClient();
  return useNotificationMutation(markNotificationUnread, (id: number) => {
    const before = cachedNotification(queryClient, id);
    if (before && before.read_at === null) return;
    updateCount(queryClient, (count) => count + 1);
    updateCachedLists(queryClient, (items) => items.map((n) => (n.id === id ? { ...n, read_at: null } : n)));
  });
}
