import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZTreatmentOffer } from '@embauche/contracts/applications';
import { api } from '../../../lib/api-client.ts';
import { treatmentBaseKey } from './application-query-keys.ts';

export type TTreatmentOffer = z.infer<typeof ZTreatmentOffer>;

/** `GET /treatment/applications/offers`: the offers with applications to treat, the offer filter's choices. */
export function getTreatmentOffers(signal?: AbortSignal): Promise<TTreatmentOffer[]> {
  return api.get<TTreatmentOffer[]>('/treatment/applications/offers', { signal });
}

export function treatmentOffersQueryOptions() {
  return queryOptions({
    queryKey: [...treatmentBaseKey, 'offers'] as const,
    queryFn: ({ signal }) => getTreatmentOffers(signal),
    staleTime: 5 * 60 * 1000,
  });
}

export function useTreatmentOffers() {
  return useQuery(treatmentOffersQueryOptions());
}
