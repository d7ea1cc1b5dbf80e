import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCompanyIdentity } from '@embauche/contracts/company-settings';
import { api } from '../../../lib/api-client.ts';
import { companyIdentityKey } from './company-settings-keys.ts';

/** `DELETE /config/account-infos/admin-infos/logo`. */
export function deleteCompanyLogo(): Promise<void> {
  return api.delete<void>('/config/account-infos/admin-infos/logo');
}

export function useDeleteCompanyLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCompanyLogo,
    onSuccess: () =>
      queryClient.setQueryData<TCompanyIdentity>(companyIdentityKey, (old) => (old ? { ...old, logo_src: null } : old)),
  });
}
