import { parseAsArrayOf, parseAsBoolean, parseAsInteger, parseAsString, parseAsStringLiteral, useQueryStates } from 'nuqs';
import { OFFER_STATUSES } from '@embauche/contracts/offers';
import type { FilterValue } from '../../../lib/query-string.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';

export const ARCHIVED_CHOICES = ['true', 'all'] as const;
export const SORT_CHOICES = ['-created_at', '-updated_at', 'job_position', 'closing_date', '-published_at', 'reference'] as const;

/** Spec 2 "Offer list": the filters and sort live in the query string, date ranges as `from,to`. */
export const offerListParsers = {
  status: parseAsArrayOf(parseAsStringLiteral(OFFER_STATUSES)),
  alert: parseAsBoolean,
  created_at: parseAsString,
  updated_at: parseAsString,
  closed_at: parseAsString,
  archived: parseAsStringLiteral(ARCHIVED_CHOICES),
  q: parseAsString,
  jobboard: parseAsArrayOf(parseAsInteger),
  sort: parseAsStringLiteral(SORT_CHOICES),
  page: parseAsInteger.withDefault(1),
};

export type OfferListFilters = {
  status: (typeof OFFER_STATUSES)[number][] | null;
  alert: boolean | null;
  created_at: string | null;
  updated_at: string | null;
  closed_at: string | null;
  archived: (typeof ARCHIVED_CHOICES)[number] | null;
  q: string | null;
  jobboard: number[] | null;
  sort: (typeof SORT_CHOICES)[number] | null;
};

export function useOfferListParams() {
  const [params, setParams] = useQueryStates(offerListParsers);
  const q = useDebouncedValue(params.q ?? '', 300).trim();
  const filter: Record<string, FilterValue> = {
    status: params.status,
    alert: params.alert === null ? null : params.alert ? 1 : 0,
    created_at: params.created_at,
    updated_at: params.updated_at,
    closed_at: params.closed_at,
    archived: params.archived,
    q,
    jobboard: params.jobboard,
  };
  /** A filter change goes back to the first page. */
  const setFilter = <K extends keyof OfferListFilters>(key: K, value: OfferListFilters[K]) =>
    void setParams({ [key]: value === '' ? null : value, page: null } as Parameters<typeof setParams>[0]);
  const reset = () =>
    void setParams({
      status: null, alert: null, created_at: null, updated_at: null, closed_at: null, archived: null, q: null, jobboard: null, page: null,
    });
  const active = Object.entries(params).some(([key, value]) => key !== 'page' && key !== 'sort' && value !== null);
  return { params, filter, setFilter, reset, active, setPage: (page: number) => void setParams({ page: page === 1 ? null : page }) };
}
