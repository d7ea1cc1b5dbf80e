import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSsoSettings, TSsoSettingsInput } from '@embauche/contracts/sso';
import { api } from '../../../lib/api-client.ts';
import { ssoSettingsKey } from './get-sso-settings.ts';

/** `PUT /sso/settings`: an empty `client_secret` keeps the stored one. */
export function saveSsoSettings(body: TSsoSettingsInput): Promise<TSsoSettings> {
  return api.put<TSsoSettings>('/sso/settings', body);
}

export function useSaveSsoSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSsoSettings,
    onSuccess: (saved) => queryClient.setQueryData(ssoSettingsKey, saved),
  });
}
