import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  TMyNotificationPreferences,
  TMyNotificationPreferencesFormInput,
} from '@embauche/contracts/notification-preferences';
import { api } from '../../../lib/api-client.ts';
import { myNotificationPreferencesKey } from './notification-keys.ts';

/** `PUT /me/notification-preferences {kinds, digest, digest_hour}` → the preferences as saved. */
export function saveMyNotificationPreferences(
  body: TMyNotificationPreferencesFormInput,
): Promise<TMyNotificationPreferences> {
  return api.put<TMyNotificationPreferences>('/me/notification-preferences', body);
}

export function useSaveMyNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMyNotificationPreferences,
    onSuccess: (saved) => queryClient.setQueryData(myNotificationPreferencesKey, saved),
  });
}
