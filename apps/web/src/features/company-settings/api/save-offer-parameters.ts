import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TOfferParameters } from '@embauche/contracts/company-settings';
import { api } from '../../../lib/api-client.ts';
import { offerParametersKey } from './company-settings-keys.ts';

/** `PUT /config/joboffers/offer-parameters`. */
export function saveOfferParameters(body: TOfferParameters): Promise<TOfferParameters> {
  return api.put<TOfferParameters>('/config/joboffers/offer-parameters', body);
}

export function useSaveOfferParameters() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveOfferParameters,
    onSuccess: (saved) => queryClient.setQueryData(offerParametersKey, saved),
  });
}
