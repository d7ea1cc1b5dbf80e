import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSsoSettings } from '@embauche/contracts/sso';
import { api } from '../../../lib/api-client.ts';

export const ssoSettingsKey = ['sso', 'settings'] as const;

/** `GET /sso/settings` (`config.account`): the company's OpenID Connect settings, without the secret. */
export function getSsoSettings(signal?: AbortSignal): Promise<TSsoSettings> {
  return api.get<TSsoSettings>('/sso/settings', { signal });
}

export function ssoSettingsQueryOptions() {
  return queryOptions({ queryKey: ssoSettingsKey, queryFn: ({ signal }) => getSsoSettings(signal) });
}

export function useSsoSettings() {
  return useQuery(ssoSettingsQueryOptions());
}
