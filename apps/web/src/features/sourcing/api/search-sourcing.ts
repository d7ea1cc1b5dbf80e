import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TSourcingPage, TSourcingSort } from '@embauche/contracts/sourcing';
import { api } from '../../../lib/api-client.ts';
import { sourcingSearchKey } from './sourcing-keys.ts';

/** Results per page. */
export const SOURCING_PAGE_SIZE = 20;

/** What the screen asks: the words, the order (null: the server's default) and the `filter[…]` values. */
export type SourcingSearchParams = {
  q: string;
  sort: TSourcingSort | null;
  page: number;
  filter: {
    tags: string[] | null;
    source: string[] | null;
    job_board: string[] | null;
    last_status: string[] | null;
    /** `yyyy-MM-dd,yyyy-MM-dd`, either side may be empty. */
    applied: string | null;
    /** '1' with a CV, '0' without; null: both. */
    has_cv: '1' | '0' | null;
  };
};

/** `GET /sourcing/search?q&page&per_page&sort&filter[…]`: a page of matching applicants with the facet counts. */
export function searchSourcing(params: SourcingSearchParams, signal?: AbortSignal): Promise<TSourcingPage> {
  return api.get<TSourcingPage>('/sourcing/search', {
    signal,
    query: { q: params.q || null, sort: params.sort, page: params.page, per_page: SOURCING_PAGE_SIZE, filter: params.filter },
  });
}

export function sourcingSearchQueryOptions(params: SourcingSearchParams) {
  return queryOptions({
    queryKey: [...sourcingSearchKey, params] as const,
    queryFn: ({ signal }) => searchSourcing(params, signal),
    staleTime: 60 * 1000,
  });
}

/** The previous answer stays on screen while the next one loads (paging, facet changes). */
export function useSourcingSearch(params: SourcingSearchParams) {
  return useQuery({ ...sourcingSearchQueryOptions(params), placeholderData: keepPreviousData });
}
