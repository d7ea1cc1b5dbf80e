import { createLoader } from 'nuqs';
import type { TApplicationPage } from '@embauche/contracts/applications';
import { COLUMN_PAGE_SIZE } from '../api/get-application-column.ts';
import { applicationsQueryOptions, getApplications } from '../api/get-applications.ts';
import { getTreatmentApplications, treatmentApplicationsQueryOptions, type TreatmentKind } from '../api/get-treatment-applications.ts';
import { applicationParsers } from '../hooks/use-application-params.ts';
import { treatmentFilters, treatmentParsers } from '../hooks/use-treatment-params.ts';

/**
 * The list an applicant was opened from, carried to the applicant screen as `?list=` (the list's own
 * path and query string): the screen asks the same list call with the same filters, order and page
 * for the previous and next applications, and links back to exactly that list. From the kanban, the
 * list is the card's column (`column` = its status, `column_page` = the column's page of COLUMN_PAGE_SIZE it was on),
 * in the board's order, so previous and next go up and down that column.
 */
export type ListContext =
  | { kind: 'offer'; path: string; search: URLSearchParams; page: number; projectId: number; offerId: number; column: number | null }
  | { kind: 'treatment'; path: string; search: URLSearchParams; page: number; tab: TreatmentKind };

const OFFER_PATH = /^\/projects\/([1-9]\d*)\/offer\/([1-9]\d*)$/;
const loadApplicationParams = createLoader(applicationParsers);
const loadTreatmentParams = createLoader(treatmentParsers);

/** The `list` value of a list's applicant links: its path and query string as the user sees them. */
export function listHref(location: { pathname: string; search: string }): string {
  return `${location.pathname}${location.search}`;
}

/** A board card's list: the board's own address plus the card's column and the column's page it is on. */
export function columnListHref(list: string, column: { statusId: number; page: number }): string {
  const url = new URL(list, 'http://list.invalid');
  url.searchParams.set('column', String(column.statusId));
  url.searchParams.set('column_page', String(column.page));
  return `${url.pathname}${url.search}`;
}

/** A positive whole number from the query string, or null. */
function positive(value: string | null): number | null {
  return value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}

/** The applicant screen of one application, remembering the list it was opened from. */
export function applicantHref(item: { applicant_id: number; id: number }, list?: string | null): string {
  const query = new URLSearchParams({ application: String(item.id) });
  if (list) query.set('list', list);
  return `/applicants/${item.applicant_id}?${query.toString()}`;
}

/** Reads `?list=`: an offer's application list or the treatment list; anything else (or a foreign URL) is ignored. */
export function parseListContext(list: string | null | undefined): ListContext | null {
  if (!list || !list.startsWith('/') || list.startsWith('//')) return null;
  const url = new URL(list, 'http://list.invalid');
  const search = url.searchParams;
  const offer = OFFER_PATH.exec(url.pathname);
  if (offer) {
    const params = loadApplicationParams(search);
    const column = params.view === 'board' ? positive(search.get('column')) : null;
    const page = column ? (positive(search.get('column_page')) ?? 1) : params.page;
    return { kind: 'offer', path: url.pathname, search, page, projectId: Number(offer[1]), offerId: Number(offer[2]), column };
  }
  if (url.pathname === '/treatment') {
    const params = loadTreatmentParams(search);
    return { kind: 'treatment', path: url.pathname, search, page: params.page, tab: params.tab };
  }
  return null;
}

/** The list's address on another page (page 1 is the default, left out as the list leaves it out). */
export function listHrefAtPage(context: ListContext, page: number): string {
  const search = new URLSearchParams(context.search);
  const name = context.kind === 'offer' && context.column ? 'column_page' : 'page';
  if (page === 1 && name === 'page') search.delete('page');
  else search.set(name, String(page));
  const query = search.toString();
  return query ? `${context.path}?${query}` : context.path;
}

type ListPageQuery = {
  queryKey: readonly unknown[];
  queryFn: (context: { signal: AbortSignal }) => Promise<TApplicationPage>;
  staleTime: number;
};

/**
 * The list call of one page, with the very parameters (and so the cache entry) the list itself uses:
 * the list the user just left answers from the cache.
 */
export function listPageQueryOptions(context: ListContext, page: number): ListPageQuery {
  if (context.kind === 'offer') {
    const params = loadApplicationParams(context.search);
    const filter = {
      search: (params.search ?? '').trim(),
      scope_range: params.scope_range,
      statuses: params.statuses,
      motifs: params.motifs,
      job_boards: params.job_boards,
      tests: params.tests,
    };
    // A board column: the column's own call (its status only, pages of 20), whatever the statuses filter.
    const request = context.column
      ? { page, perPage: COLUMN_PAGE_SIZE, order: params.order, filter: { ...filter, statuses: [String(context.column)] } }
      : { page, order: params.order, filter };
    return {
      queryKey: applicationsQueryOptions(context.projectId, context.offerId, request).queryKey,
      queryFn: ({ signal }) => getApplications(context.projectId, context.offerId, request, signal),
      staleTime: 5 * 60 * 1000,
    };
  }
  const params = loadTreatmentParams(context.search);
  const filters = treatmentFilters({ ...params, tab: context.tab }, (params.search ?? '').trim());
  const request = { page, sort: params.sort, filters };
  return {
    queryKey: treatmentApplicationsQueryOptions(context.tab, request).queryKey,
    queryFn: ({ signal }) => getTreatmentApplications(context.tab, request, signal),
    staleTime: 5 * 60 * 1000,
  };
}
