import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TTreatmentOffer, TTreatmentOfferPage } from '@embauche/contracts/applications';
import { api } from '../../../lib/api-client.ts';
import { treatmentBaseKey } from './application-query-keys.ts';

export type { TTreatmentOffer };

/** Offers shown at once in the treatment filters: a company can have tens of thousands. */
export const TREATMENT_OFFERS_PAGE_SIZE = 50;

/** What the offer choices are narrowed to: a text in the job position, or the given offers. */
export type TreatmentOfferQuery = { search?: string; offers?: readonly string[] };

/**
 * `GET /treatment/applications/offers?page=1&per_page=50&search=…&offers=…`: the first offers with
 * applications to treat, in job-position order, for the offer and job filters' choices.
 */
export function getTreatmentOffers(query: TreatmentOfferQuery, signal?: AbortSignal): Promise<TTreatmentOfferPage> {
  return api.get<TTreatmentOfferPage>('/treatment/applications/offers', {
    signal,
    query: { page: 1, per_page: TREATMENT_OFFERS_PAGE_SIZE, search: query.search, offers: query.offers },
  });
}

export function treatmentOffersQueryOptions(query: TreatmentOfferQuery = {}) {
  return queryOptions({
    queryKey: [...treatmentBaseKey, 'offers', { search: query.search ?? '', offers: query.offers ?? [] }] as const,
    queryFn: ({ signal }) => getTreatmentOffers(query, signal),
    staleTime: 5 * 60 * 1000,
  });
}

/** The offer choices for `query` (the previous ones stay while the next load); `enabled` false skips the call. */
export function useTreatmentOffers(query: TreatmentOfferQuery = {}, enabled = true) {
  return useQuery({ ...treatmentOffersQueryOptions(query), placeholderData: keepPreviousData, enabled });
}
