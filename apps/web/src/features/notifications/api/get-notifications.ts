import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TNotificationFilter, TNotificationPage } from '@embauche/contracts/notifications';
import { api } from '../../../lib/api-client.ts';
import { notificationListKey, NOTIFICATIONS_STALE_TIME } from './notification-keys.ts';

/** How many the panel shows (newest first). */
export const PANEL_PAGE_SIZE = 50;

/** `GET /notifications`: the newest first, the unread ones or all. */
export function getNotifications(filter: TNotificationFilter, signal?: AbortSignal): Promise<TNotificationPage> {
  return api.get<TNotificationPage>('/notifications', { query: { filter: { status: filter }, per_page: PANEL_PAGE_SIZE }, signal });
}

export function notificationsQueryOptions(filter: TNotificationFilter) {
  return queryOptions({
    queryKey: notificationListKey(filter),
    queryFn: ({ signal }) => getNotifications(filter, signal),
    staleTime: NOTIFICATIONS_STALE_TIME,
  });
}

export function useNotifications(filter: TNotificationFilter, enabled = true) {
  return useQuery({ ...notificationsQueryOptions(filter), enabled });
}
