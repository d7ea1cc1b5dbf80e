import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TOfferTemplate, TOfferTemplateFormValues } from '@embauche/contracts/offer-settings';
import { api } from '../../../lib/api-client.ts';
import { offerTemplateChoicesKey, offerTemplatesKey } from './offer-settings-keys.ts';

export type SaveOfferTemplateInput = { id?: number; values: TOfferTemplateFormValues };

/** `POST /offer-templates` (no id) or `PUT /offer-templates/{id}`: every field replaced. */
export function saveOfferTemplate({ id, values }: SaveOfferTemplateInput): Promise<TOfferTemplate> {
  return id ? api.put<TOfferTemplate>(`/offer-templates/${id}`, values) : api.post<TOfferTemplate>('/offer-templates', values);
}

export function useSaveOfferTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveOfferTemplate,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: offerTemplatesKey });
      void queryClient.invalidateQueries({ queryKey: offerTemplateChoicesKey });
    },
  });
}
