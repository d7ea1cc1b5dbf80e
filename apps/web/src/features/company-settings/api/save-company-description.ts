import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCompanyDescription } from '@embauche/contracts/company-settings';
import { api } from '../../../lib/api-client.ts';
import { companyDescriptionKey } from './company-settings-keys.ts';

/** Offer details carry the description: their cache (features/offers) goes stale. */
const offersKey = ['offers'] as const;

/** `PUT /config/joboffers/company-description` (the server sanitises the HTML). */
export function saveCompanyDescription(body: TCompanyDescription): Promise<TCompanyDescription> {
  return api.put<TCompanyDescription>('/config/joboffers/company-description', body);
}

export function useSaveCompanyDescription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCompanyDescription,
    onSuccess: (saved) => {
      queryClient.setQueryData(companyDescriptionKey, saved);
      void queryClient.invalidateQueries({ queryKey: offersKey });
    },
  });
}
