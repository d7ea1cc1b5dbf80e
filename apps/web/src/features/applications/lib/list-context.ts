import { createLoader } from 'nuqs';
import type { TApplicationPage } from '@embauche/contracts/applications';
import { applicationsQueryOptions, getApplications } from '../api/get-applications.ts';
import { getTreatmentApplications, treatmentApplicationsQueryOptions, type TreatmentKind } from '../api/get-treatment-applications.ts';
import { applicationParsers } from '../hooks/use-application-params.ts';
import { treatmentFilters, treatmentParsers } from '../hooks/use-treatment-params.ts';

/**
 * The list an applicant was opened from, carried to the applicant screen as `?list=` (the list's own
 * path and query string): the screen asks the same list call with the same filters, order and page
 * for the previous and next applications, and links back to exactly that list.
 */
export type ListContext =
  | { kind: 'offer'; path: string; search: URLSearchParams; page: number; projectId: number; offerId: number }
  | { kind: 'treatment'; path: string; search: URLSearchParams; page: number; tab: TreatmentKind };

const OFFER_PATH = /^\/projects\/([1-9]\d*)\/offer\/([1-9]\d*)$/;
const loadApplicationParams = createLoader(applicationParsers);
const loadTreatmentParams = createLoader(treatmentParsers);

/** The `list` value of a list's applicant links: its path and query string as the user sees them. */
export function listHref(location: { pathname: string; search: string }): string {
  return `${location.pathname}${location.search}`;
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
    return { kind: 'offer', path: url.pathname, search, page: params.page, projectId: Number(offer[1]), offerId: Number(offer[2]) };
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
  if (page === 1) search.delete('page');
  else search.set('page', String(page));
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
    const request = { page, order: params.order, filter };
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
