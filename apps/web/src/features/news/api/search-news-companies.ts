import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TActingCompanyPage } from '@embauche/contracts/acting-as';
import { api } from '../../../lib/api-client.ts';
import { newsItemsKey } from './news-keys.ts';

export const NEWS_COMPANY_RESULTS = 8;

/** `GET /superadmin/companies?filter[search]` (super administrators): the companies an audience may name. */
export function searchNewsCompanies(
  search: string,
  signal?: AbortSignal,
): Promise<TActingCompanyPage> {
  return api.get<TActingCompanyPage>('/superadmin/companies', {
    query: { page: 1, per_page: NEWS_COMPANY_RESULTS, filter: { search: search || null } },
    signal,
  });
}

export function newsCompaniesQueryOptions(search: string) {
  return queryOptions({
    queryKey: [...newsItemsKey, 'companies', search] as const,
    queryFn: ({ signal }) => searchNewsCompanies(search, signal),
    placeholderData: keepPreviousData,
  });
}

export function useNewsCompanies(search: string) {
  return useQuery(newsCompaniesQueryOptions(search));
}
