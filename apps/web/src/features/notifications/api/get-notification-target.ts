import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TNotificationTarget } from '@embauche/contracts/notifications';
import { api } from '../../../lib/api-client.ts';
import { notificationsBaseKey } from './notification-keys.ts';

/** `GET /notifications/{id}/target`: whether the user still opens what the notification is about, and whom to ask. */
export function getNotificationTarget(id: number, signal?: AbortSignal): Promise<TNotificationTarget> {
  return api.get<TNotificationTarget>(`/notifications/${id}/target`, { signal });
}

export function notificationTargetQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...notificationsBaseKey, 'target', id] as const,
    queryFn: ({ signal }) => getNotificationTarget(id, signal),
    retry: false,
  });
}

export function useNotificationTarget(id: number) {
  return useQuery(notificationTargetQueryOptions(id));
}
