import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSsoSettings, TSsoVerifyResponse } from '@embauche/contracts/sso';
import { api } from '../../../lib/api-client.ts';
import { ssoSettingsKey } from './get-sso-settings.ts';

/** `POST /sso/domains/verify`: the server reads the domain's TXT record now. */
export function verifySsoDomain(domain: string): Promise<TSsoVerifyResponse> {
  return api.post<TSsoVerifyResponse>('/sso/domains/verify', { domain });
}

/** Verifies a domain; its new state replaces the old one in the cached settings. */
export function useVerifySsoDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifySsoDomain,
    onSuccess: ({ domain }) =>
      queryClient.setQueryData<TSsoSettings>(ssoSettingsKey, (settings) =>
        settings
          ? { ...settings, domain_states: settings.domain_states.map((d) => (d.domain === domain.domain ? domain : d)) }
          : settings,
      ),
  });
}
