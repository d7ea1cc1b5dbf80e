import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TOfferParameters } from '@embauche/contracts/company-settings';
import { api } from '../../../lib/api-client.ts';
import { offerParametersKey } from './company-settings-keys.ts';

/** `GET /config/joboffers/offer-parameters` (NonDiscrimination feature). */
export function getOfferParameters(signal?: AbortSignal): Promise<TOfferParameters> {
  return api.get<TOfferParameters>('/config/joboffers/offer-parameters', { signal });
}

export function offerParametersQueryOptions() {
  return queryOptions({ queryKey: offerParametersKey, queryFn: ({ signal }) => getOfferParameters(signal) });
}

export function useOfferParameters() {
  return useQuery(offerParametersQueryOptions());
}
