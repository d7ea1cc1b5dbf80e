import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TOfferTemplatePage } from '@embauche/contracts/offer-settings';
import { api } from '../../../lib/api-client.ts';
import { offerTemplatesKey } from './offer-settings-keys.ts';

export const OFFER_TEMPLATES_PAGE_SIZE = 20;

/** `GET /offer-templates?page&per_page&filter[search]`: one page of the company's templates, by name. */
export function getOfferTemplates(search: string | null, page: number, signal?: AbortSignal): Promise<TOfferTemplatePage> {
  return api.get<TOfferTemplatePage>('/offer-templates', {
    query: { page, per_page: OFFER_TEMPLATES_PAGE_SIZE, filter: { search } },
    signal,
  });
}

export function offerTemplatesQueryOptions(search: string | null, page: number) {
  return queryOptions({
    queryKey: [...offerTemplatesKey, 'pages', search, page] as const,
    queryFn: ({ signal }) => getOfferTemplates(search, page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useOfferTemplates(search: string | null, page: number) {
  return useQuery(offerTemplatesQueryOptions(search, page));
}
