import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { newsItemsKey } from './news-keys.ts';

/** `GET /superadmin/news/countries`: the companies' countries (ISO alpha-2), what an audience may be restricted to. */
export function getNewsCountries(signal?: AbortSignal): Promise<string[]> {
  return api.get<string[]>('/superadmin/news/countries', { signal });
}

export function newsCountriesQueryOptions() {
  return queryOptions({
    queryKey: [...newsItemsKey, 'countries'] as const,
    queryFn: ({ signal }) => getNewsCountries(signal),
    staleTime: 5 * 60_000,
  });
}

export function useNewsCountries() {
  return useQuery(newsCountriesQueryOptions());
}
