import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TActingCompanyPage } from '@embauche/contracts/acting-as';
import { api } from '../../../lib/api-client.ts';
import { actingKeys, type ActingFamily } from './acting-as-keys.ts';

/** `GET /superadmin/companies` or `/partner/companies`: a page of the companies one may act as. */
export function getActingCompanies(family: ActingFamily, search: string, page: number, signal?: AbortSignal) {
  return api.get<TActingCompanyPage>(`/${family}/companies`, {
    query: { page, filter: { search } },
    signal,
  });
}

export function actingCompaniesQueryOptions(family: ActingFamily, search: string, page: number) {
  return queryOptions({
    queryKey: actingKeys.companies(family, search, page),
    queryFn: ({ signal }) => getActingCompanies(family, search, page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useActingCompanies(family: ActingFamily, search: string, page: number) {
  return useQuery(actingCompaniesQueryOptions(family, search, page));
}
