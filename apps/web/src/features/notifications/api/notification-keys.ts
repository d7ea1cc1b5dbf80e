import type { QueryClient } from '@tanstack/react-query';
import type { TNotification, TNotificationFilter, TNotificationPage } from '@embauche/contracts/notifications';

export const notificationsBaseKey = ['notifications'] as const;
export const notificationCountKey = [...notificationsBaseKey, 'count'] as const;
export const notificationListsKey = [...notificationsBaseKey, 'list'] as const;

export function notificationListKey(filter: TNotificationFilter) {
  return [...notificationListsKey, filter] as const;
}

/** Spec 9: the prefetched list stays fresh 5 minutes. */
export const NOTIFICATIONS_STALE_TIME = 5 * 60 * 1000;

/** Applies `change` to every cached list (both tabs). */
export function updateCachedLists(queryClient: QueryClient, change: (items: TNotification[], filter: TNotificationFilter) => TNotification[]) {
  for (const filter of ['unread', 'all'] as const) {
    queryClient.setQueryData<TNotificationPage>(notificationListKey(filter), (page) => {
      if (!page) return page;
      const data = change(page.data, filter);
      return { ...page, data, total: Math.max(0, page.total + (data.length - page.data.length)) };
    });
  }
}

/** Moves the unread counter by `delta` (never below 0), or sets it. */
export function updateCount(queryClient: QueryClient, next: (count: number) => number) {
  queryClient.setQueryData<number>(notificationCountKey, (count) => (count === undefined ? count : Math.max(0, next(count))));
}

/** Where a cached notification is unread (to know whether the counter moves). */
export function cachedNotification(queryClient: QueryClient, id: number): TNotification | undefined {
  for (const filter of ['all', 'unread'] as const) {
    const found = queryClient.getQueryData<TNotificationPage>(notificationListKey(filter))?.data.find((n) => n.id === id);
    if (found) return found;
  }
  return undefined;
}
