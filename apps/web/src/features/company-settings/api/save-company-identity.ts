import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCompanyIdentity, TCompanyIdentityForm } from '@embauche/contracts/company-settings';
import { api } from '../../../lib/api-client.ts';
import { companyIdentityKey, meKey } from './company-settings-keys.ts';

/** `PUT /config/account-infos/admin-infos`. */
export function saveCompanyIdentity(body: TCompanyIdentityForm): Promise<TCompanyIdentity> {
  return api.put<TCompanyIdentity>('/config/account-infos/admin-infos', body);
}

export function useSaveCompanyIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCompanyIdentity,
    onSuccess: (saved) => {
      queryClient.setQueryData(companyIdentityKey, saved);
      void queryClient.invalidateQueries({ queryKey: meKey });
    },
  });
}
