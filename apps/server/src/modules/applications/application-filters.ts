import { APPLICATION_SORTS } from '@embauche/contracts/applications';
import { ZId } from '@embauche/contracts/ids';
import { parseDateRange, type DateRange } from '../../platform/http/date-range.ts';
import { validationFailed } from '../../platform/http/http-error.ts';
import { filterList, parseListQuery } from '../../platform/http/list-query.ts';
import type { ApplicationSort } from './application-columns.ts';
import { decodeCursor } from './application-cursor.ts';

/** What an application list is restricted to, before and after the query-string filters. */
export type ApplicationFilters = {
  /** One offer (the offer's list); or the offers the user sees, null meaning all of the company. */
  offerIds?: number[] | null;
  /** true: only spontaneous applications (no offer); false: only applications on an offer. */
  spontaneous?: boolean;
  search?: string;
  range?: DateRange;
  statuses?: number[];
  motifs?: number[];
  jobBoards?: number[];
  tests?: number[];
  subsidiaries?: number[];
  works?: string[];
  offers?: number[];
};

function ints(value: string | undefined, field: string): number[] | undefined {
  if (!value) return undefined;
  const list = filterList(value).map(Number);
  if (list.some((n) => !ZId.safeParse(n).success)) {
    throw validationFailed({ [`filter.${field}`]: ['invalid'] });
  }
  return list.length ? list : undefined;
}

/**
 * Reads both `filter[name]` and plain `name` query parameters: the spec's client sends the
 * treatment filters as plain parameters and the offer list's as `filter[…]`.
 */
export function mergedFilters(query: Record<string, unknown>, filters: Record<string, string>) {
  const merged: Record<string, string> = {};
  for (const [k, v] of Object.entries(query)) {
    if (
      k.startsWith('filter') ||
      k === 'page' ||
      k === 'per_page' ||
      k === 'sort' ||
      k === 'order' ||
      k === 'cursor'
    )
      continue;
    const value = Array.isArray(v) ? v.join(',') : typeof v === 'string' ? v : '';
    if (value.trim()) merged[k] = value.trim();
  }
  return { ...merged, ...filters };
}

/** Spec section 2 "Application/activity filters" and "Treatment lists". */
export function parseApplicationFilters(f: Record<string, string>): ApplicationFilters {
  const search = f.search?.trim();
  return {
    ...(search ? { search } : {}),
    ...(f.scope_range ? { range: parseDateRange(f.scope_range, 'scope_range') ?? undefined } : {}),
    statuses: ints(f.statuses, 'statuses'),
    motifs: ints(f.motifs, 'motifs'),
    jobBoards: ints(f.job_boards ?? f.jobboards, f.job_boards ? 'job_boards' : 'jobboards'),
    tests: ints(f.tests, 'tests'),
    subsidiaries: ints(f.subsidiaries, 'subsidiaries'),
    offers: ints(f.offers, 'offers'),
    ...(f.works ? { works: filterList(f.works) } : {}),
  };
}

/**
 * An application list's query string: its page, filters and sort (`order` for `sort`, newest
 * first by default); `paged` when the client asked for a page.
 */
export function parseApplicationQuery(query: Record<string, unknown>) {
  const withOrder = { ...query, sort: query.sort ?? query.order };
  const list = parseListQuery(withOrder, APPLICATION_SORTS);
  const filters = parseApplicationFilters(mergedFilters(query, list.filters));
  const sort = (list.sort ?? { field: 'created_at', direction: 'desc' }) as ApplicationSort;
  const cursor =
    typeof query.cursor === 'string' && query.cursor !== ''
      ? decodeCursor(query.cursor, sort)
      : undefined;
  return {
    list,
    filters,
    sort,
    cursor,
    paged: (query.page !== undefined && query.page !== '') || cursor !== undefined,
    // `count=false`: the page is not counted (a board column, whose count the board has read).
    counted: query.count !== 'false' && query.count !== '0',
  };
}
