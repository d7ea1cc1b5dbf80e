import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notificationCountKey, NOTIFICATIONS_STALE_TIME } from './notification-keys.ts';

/** `GET /notifications/count`: the number of unread notifications. */
export function getNotificationCount(signal?: AbortSignal): Promise<number> {
  return api.get<number>('/notifications/count', { signal });
}

/** Kept up to date by the panel's changes and the live stream; read again when stale (5 minutes) on focus. */
export function notificationCountQueryOptions() {
  return queryOptions({
    queryKey: notificationCountKey,
    queryFn: ({ signal }) => getNotificationCount(signal),
    staleTime: NOTIFICATIONS_STALE_TIME,
  });
}

export function useNotificationCount() {
  return useQuery(notificationCountQueryOptions());
}
