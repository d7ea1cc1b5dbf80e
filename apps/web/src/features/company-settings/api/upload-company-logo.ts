import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCompanyIdentity } from '@embauche/contracts/company-settings';
import { api } from '../../../lib/api-client.ts';
import { companyIdentityKey } from './company-settings-keys.ts';

/** `POST /config/account-infos/admin-infos/logo` (multipart `logo`). */
export function uploadCompanyLogo(file: File): Promise<TCompanyIdentity> {
  const body = new FormData();
  body.append('logo', file);
  return api.post<TCompanyIdentity>('/config/account-infos/admin-infos/logo', body);
}

export function useUploadCompanyLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadCompanyLogo,
    onSuccess: (saved) => queryClient.setQueryData(companyIdentityKey, saved),
  });
}
