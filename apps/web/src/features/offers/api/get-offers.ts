import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TProjectRef } from '@embauche/contracts/projects';
import type { TOfferPage } from '@embauche/contracts/offers';
import { api } from '../../../lib/api-client.ts';
import type { ListFilter } from '../../../lib/query-string.ts';
import { offerListBaseKey } from './offer-query-keys.ts';

export type OfferListParams = {
  page: number;
  perPage?: number;
  sort?: string | null;
  filter: ListFilter;
};

export function getOffers(ref: TProjectRef, params: OfferListParams, signal?: AbortSignal): Promise<TOfferPage> {
  return api.get<TOfferPage>(`/projects/${encodeURIComponent(String(ref))}/offers`, {
    signal,
    query: { page: params.page, per_page: params.perPage, sort: params.sort, filter: params.filter },
  });
}

export function offersQueryOptions(ref: TProjectRef, params: OfferListParams) {
  return queryOptions({
    queryKey: [...offerListBaseKey, ref, params] as const,
    queryFn: ({ signal }) => getOffers(ref, params, signal),
  });
}

/** The previous page stays on screen while the next one loads; `enabled` false waits (the filters are not known yet). */
export function useOffers(ref: TProjectRef, params: OfferListParams, enabled = true) {
  return useQuery({ ...offersQueryOptions(ref, params), placeholderData: keepPreviousData, enabled });
}
