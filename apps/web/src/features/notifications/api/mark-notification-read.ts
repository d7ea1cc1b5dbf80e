import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { cachedNotification, updateCachedLists, updateCount } from './notification-keys.ts';
import { useNotificationMutation } from './use-notification-mutation.ts';

/** `POST /notifications/read/{id}` (empty body, 204). */
export function markNotificationRead(id: number): Promise<void> {
  return api.post<void>(`/notifications/read/${id}`);
}

/** Unread to read: the counter drops by one (spec 4). */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useNotificationMutation(markNotificationRead, (id: number) => {
    const before = cachedNotification(queryClient, id);
    if (before && before.read_at !== null) return;
    updateCount(queryClient, (count) => count - 1);
    const now = new Date().toISOString();
    updateCachedLists(queryClient, (items) => items.map((n) => (n.id === id ? { ...n, read_at: now } : n)));
  });
}
