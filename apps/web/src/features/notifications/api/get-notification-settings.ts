import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TNotificationSettings } from '@embauche/contracts/notification-preferences';
import { api } from '../../../lib/api-client.ts';
import { notificationSettingsKey } from './notification-keys.ts';

/** `GET /config/notifications` (`config.notifications`): the company's defaults and its time zone. */
export function getNotificationSettings(signal?: AbortSignal): Promise<TNotificationSettings> {
  return api.get<TNotificationSettings>('/config/notifications', { signal });
}

export function notificationSettingsQueryOptions() {
  return queryOptions({
    queryKey: notificationSettingsKey,
    queryFn: ({ signal }) => getNotificationSettings(signal),
  });
}

export function useNotificationSettings() {
  return useQuery(notificationSettingsQueryOptions());
}
