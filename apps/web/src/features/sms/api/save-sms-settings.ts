import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSmsSettings, TSmsSettingsForm } from '@embauche/contracts/sms';
import { api } from '../../../lib/api-client.ts';
import { smsSettingsKey } from './sms-keys.ts';

/** `PUT /config/sms {allowed_countries, daily_cap}` → the settings as saved. */
export function saveSmsSettings(body: TSmsSettingsForm): Promise<TSmsSettings> {
  return api.put<TSmsSettings>('/config/sms', body);
}

export function useSaveSmsSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSmsSettings,
    onSuccess: (saved) => queryClient.setQueryData(smsSettingsKey, saved),
  });
}
