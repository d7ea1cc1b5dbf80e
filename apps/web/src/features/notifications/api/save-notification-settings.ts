import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  TNotificationDefaults,
  TNotificationSettings,
} from '@embauche/contracts/notification-preferences';
import { api } from '../../../lib/api-client.ts';
import { myNotificationPreferencesKey, notificationSettingsKey } from './notification-keys.ts';

/** `PUT /config/notifications {kinds, digest, digest_hour}` → the defaults as saved. */
export function saveNotificationSettings(
  body: TNotificationDefaults,
): Promise<TNotificationSettings> {
  return api.put<TNotificationSettings>('/config/notifications', body);
}

export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(notificationSettingsKey, saved);
      // The user's own page shows the company's choices beside theirs.
      void queryClient.invalidateQueries({ queryKey: myNotificationPreferencesKey });
    },
  });
}
