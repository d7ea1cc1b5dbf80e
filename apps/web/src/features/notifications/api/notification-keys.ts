import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { TNotification, TNotificationFilter, TNotificationPage } from '@embauche/contracts/notifications';

export const notificationsBaseKey = ['notifications'] as const;
export const notificationCountKey = [...notificationsBaseKey, 'count'] as const;
export const notificationListsKey = [...notificationsBaseKey, 'list'] as const;

/** A cached list: its pages as loaded ("load more" adds one), each read on from the previous. */
export type NotificationPages = InfiniteData<TNotificationPage, number>;

export function notificationListKey(filter: TNotificationFilter) {
  return [...notificationListsKey, filter] as const;
}

/** Spec 9: the prefetched list stays fresh 5 minutes. */
export const NOTIFICATIONS_STALE_TIME = 5 * 60 * 1000;

const FILTERS = ['unread', 'all'] as const;

/** Rewrites each page of every cached list (both tabs); a page's total follows what it gains or loses. */
function updatePages(queryClient: QueryClient, change: (page: TNotificationPage, filter: TNotificationFilter) => TNotification[]) {
  for (const filter of FILTERS) {
    queryClient.setQueryData<NotificationPages>(notificationListKey(filter), (cached) => {
      if (!cached) return cached;
      const pages = cached.pages.map((page) => {
        const data = change(page, filter);
        return data === page.data ? page : { ...page, data, total: Math.max(0, page.total + (data.length - page.data.length)) };
      });
      return { ...cached, pages };
    });
  }
}

/** Applies `change` to the notifications of every cached page (both tabs). */
export function updateCachedLists(queryClient: QueryClient, change: (items: TNotification[], filter: TNotificationFilter) => TNotification[]) {
  updatePages(queryClient, (page, filter) => change(page.data, filter));
}

/** A live notification joins the top of the first page of every cached list (once). */
export function addCachedNotification(queryClient: QueryClient, notification: TNotification) {
  for (const filter of FILTERS) {
    const cached = queryClient.getQueryData<NotificationPages>(notificationListKey(filter));
    if (!cached?.pages.length || cached.pages.some((page) => page.data.some((n) => n.id === notification.id))) continue;
    const [first, ...rest] = cached.pages;
    const top = { ...first!, data: [notification, ...first!.data], total: first!.total + 1 };
    queryClient.setQueryData<NotificationPages>(notificationListKey(filter), { ...cached, pages: [top, ...rest] });
  }
}

/** Moves the unread counter by `delta` (never below 0), or sets it. */
export function updateCount(queryClient: QueryClient, next: (count: number) => number) {
  queryClient.setQueryData<number>(notificationCountKey, (count) => (count === undefined ? count : Math.max(0, next(count))));
}

/** Where a cached notification is unread (to know whether the counter moves). */
export function cachedNotification(queryClient: QueryClient, id: number): TNotification | undefined {
  for (const filter of ['all', 'unread'] as const) {
    for (const page of queryClient.getQueryData<NotificationPages>(notificationListKey(filter))?.pages ?? []) {
      const found = page.data.find((n) => n.id === id);
      if (found) return found;
    }
  }
  return undefined;
}

/** The company's default notifications (config page `notifications`). */
export const notificationSettingsKey = [...notificationsBaseKey, 'settings'] as const;
/** The signed-in user's own notification preferences (user settings). */
export const myNotificationPreferencesKey = [...notificationsBaseKey, 'preferences'] as const;
