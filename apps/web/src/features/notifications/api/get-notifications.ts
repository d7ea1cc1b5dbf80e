import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { TNotificationFilter, TNotificationPage } from '@embauche/contracts/notifications';
import { api } from '../../../lib/api-client.ts';
import { notificationListKey, NOTIFICATIONS_STALE_TIME, type NotificationPages } from './notification-keys.ts';

/** How many the panel shows at first, and how many more each "load more" adds (newest first). */
export const PANEL_PAGE_SIZE = 50;

/**
 * `GET /notifications`: the newest first, the unread ones or all. `before` (an id) reads on from the
 * last one shown (`filter[before]`), so that what arrives, is read or is deleted meanwhile makes
 * the next page skip or repeat nothing; 0 starts from the newest.
 */
export function getNotifications(filter: TNotificationFilter, before = 0, signal?: AbortSignal): Promise<TNotificationPage> {
  return api.get<TNotificationPage>('/notifications', {
    query: { filter: { status: filter, before: before > 0 ? before : null }, per_page: PANEL_PAGE_SIZE },
    signal,
  });
}

/** The id to read on from: the oldest one shown, else where the last page started. */
export function nextNotificationsPage(last: TNotificationPage, pages: NotificationPages['pages'], lastBefore: number): number | undefined {
  if (last.current_page >= last.last_page) return undefined;
  const shown = pages.flatMap((p) => p.data.map((n) => n.id));
  return shown.length ? Math.min(...shown) : lastBefore;
}

export function notificationsQueryOptions(filter: TNotificationFilter) {
  return infiniteQueryOptions({
    queryKey: notificationListKey(filter),
    queryFn: ({ signal, pageParam }) => getNotifications(filter, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last: TNotificationPage, pages: TNotificationPage[], lastBefore: number) => nextNotificationsPage(last, pages, lastBefore),
    staleTime: NOTIFICATIONS_STALE_TIME,
  });
}

/** The panel's list: its pages, and `fetchNextPage` for "load more". */
export function useNotifications(filter: TNotificationFilter, enabled = true) {
  return useInfiniteQuery({ ...notificationsQueryOptions(filter), enabled });
}
