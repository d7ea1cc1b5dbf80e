import { parseAsArrayOf, parseAsInteger, parseAsString, parseAsStringLiteral, useQueryStates } from 'nuqs';
import { SOURCING_SORTS } from '@embauche/contracts/sourcing';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import type { SourcingSearchParams } from '../api/search-sourcing.ts';

/** The checkbox facets: their values stay strings in the URL (tag names, ids, '1'/'0' for the CV). */
export const SOURCING_FACETS = ['tags', 'source', 'job_board', 'last_status', 'has_cv'] as const;
export type SourcingFacet = (typeof SOURCING_FACETS)[number];

/** The search, its order, facets and page in the query string (shareable, kept by back/forward). */
export const sourcingParsers = {
  q: parseAsString,
  sort: parseAsStringLiteral(SOURCING_SORTS),
  tags: parseAsArrayOf(parseAsString),
  source: parseAsArrayOf(parseAsString),
  job_board: parseAsArrayOf(parseAsString),
  last_status: parseAsArrayOf(parseAsString),
  has_cv: parseAsArrayOf(parseAsString),
  applied: parseAsString,
  page: parseAsInteger.withDefault(1),
};

/** Typing waits this long before searching. */
export const SOURCING_DEBOUNCE_MS = 300;

export function useSourcingParams() {
  const [params, setParams] = useQueryStates(sourcingParsers);
  const q = useDebouncedValue(params.q ?? '', SOURCING_DEBOUNCE_MS).trim();
  const cv = params.has_cv ?? [];
  const request: SourcingSearchParams = {
    q,
    sort: params.sort,
    page: params.page,
    filter: {
      tags: params.tags,
      source: params.source,
      job_board: params.job_board,
      last_status: params.last_status,
      applied: params.applied,
      // Both boxes ticked is the same as none.
      has_cv: cv.length === 1 && (cv[0] === '1' || cv[0] === '0') ? cv[0] : null,
    },
  };
  /** Any change of the search or a facet goes back to page 1. */
  const setFilter = (key: SourcingFacet | 'applied' | 'q', value: string | string[] | null) => {
    const empty = value === null || value === '' || (Array.isArray(value) && value.length === 0);
    void setParams({ [key]: empty ? null : value, page: null } as Parameters<typeof setParams>[0]);
  };
  const active = Boolean(params.applied || SOURCING_FACETS.some((key) => params[key]?.length));
  return {
    params,
    request,
    /** What the sort box shows: the server's default is relevance with words, newest without. */
    sort: params.sort ?? (q ? 'relevance' : 'date_desc'),
    setFilter,
    setSort: (sort: string) => void setParams({ sort: sort as (typeof SOURCING_SORTS)[number], page: null }),
    setPage: (page: number) => void setParams({ page: page === 1 ? null : page }),
    resetFacets: () => void setParams({ tags: null, source: null, job_board: null, last_status: null, has_cv: null, applied: null, page: null }),
    active,
  };
}
