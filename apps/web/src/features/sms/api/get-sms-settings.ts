import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSmsSettings } from '@embauche/contracts/sms';
import { api } from '../../../lib/api-client.ts';
import { smsSettingsKey } from './sms-keys.ts';

/** `GET /config/sms` (`config.account` and the SMS feature): allowed countries, daily cap, today's count. */
export function getSmsSettings(signal?: AbortSignal): Promise<TSmsSettings> {
  return api.get<TSmsSettings>('/config/sms', { signal });
}

export function smsSettingsQueryOptions() {
  return queryOptions({ queryKey: smsSettingsKey, queryFn: ({ signal }) => getSmsSettings(signal) });
}

export function useSmsSettings() {
  return useQuery(smsSettingsQueryOptions());
}
