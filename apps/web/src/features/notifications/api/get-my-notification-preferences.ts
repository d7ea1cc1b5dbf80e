import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMyNotificationPreferences } from '@embauche/contracts/notification-preferences';
import { api } from '../../../lib/api-client.ts';
import { myNotificationPreferencesKey } from './notification-keys.ts';

/** `GET /me/notification-preferences`: the user's own choices beside the company's defaults. */
export function getMyNotificationPreferences(
  signal?: AbortSignal,
): Promise<TMyNotificationPreferences> {
  return api.get<TMyNotificationPreferences>('/me/notification-preferences', { signal });
}

export function myNotificationPreferencesQueryOptions() {
  return queryOptions({
    queryKey: myNotificationPreferencesKey,
    queryFn: ({ signal }) => getMyNotificationPreferences(signal),
  });
}

export function useMyNotificationPreferences() {
  return useQuery(myNotificationPreferencesQueryOptions());
}
