import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { offerTemplateChoicesKey, offerTemplatesKey } from './offer-settings-keys.ts';

/** `DELETE /offer-templates/{id}`: offers made from it keep their values. */
export function deleteOfferTemplate(id: number): Promise<void> {
  return api.delete<void>(`/offer-templates/${id}`);
}

export function useDeleteOfferTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOfferTemplate,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: offerTemplatesKey });
      void queryClient.invalidateQueries({ queryKey: offerTemplateChoicesKey });
    },
  });
}
