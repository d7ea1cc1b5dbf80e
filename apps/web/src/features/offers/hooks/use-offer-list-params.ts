import { parseAsArrayOf, parseAsBoolean, parseAsInteger, parseAsString, parseAsStringLiteral, useQueryStates } from 'nuqs';
import { OFFER_STATUSES } from '@embauche/contracts/offers';
import type { TCustomField } from '@embauche/contracts/custom-fields';
import { useActiveCustomFields } from '../../../lib/custom-fields/get-active-custom-fields.ts';
import type { ListFilter } from '../../../lib/query-string.ts';
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
  /** An offer custom field to filter on (its id) and the value asked (amounts in euros). */
  custom_field: parseAsInteger,
  custom_value: parseAsString,
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
  custom_field: number | null;
  custom_value: string | null;
};

/**
 * The value the server reads for `filter[custom_fields][<id>]` (custom-fields.service `filters`):
 * text as typed (contains), yes/no 1|0, numbers, an amount in cents, a date `yyyy-MM-dd`, one
 * option; null when there is nothing (or nothing valid) to send.
 */
export function customFilterValue(field: TCustomField, raw: string): string | null {
  const text = raw.trim();
  if (!text) return null;
  if (field.type === 'number' || field.type === 'currency') {
    const n = Number(text.replace(/\s/g, '').replace(',', '.'));
    if (!Number.isFinite(n)) return null;
    return field.type === 'currency' ? String(Math.round(n * 100)) : String(n);
  }
  if (field.type === 'yes_no') return text === '1' || text === '0' ? text : null;
  if (field.type === 'single_choice' || field.type === 'multiple_choice') return field.options.includes(text) ? text : null;
  return text;
}

export function useOfferListParams() {
  const [params, setParams] = useQueryStates(offerListParsers);
  const q = useDebouncedValue(params.q ?? '', 300).trim();
  const fields = useActiveCustomFields('offer');
  const customValue = useDebouncedValue(params.custom_value ?? '', 300);
  // A field asked in the address that is not (or no more) an active offer field is left out.
  const customField = params.custom_field === null ? undefined : fields.data?.find((f) => f.id === params.custom_field);
  const custom = customField ? customFilterValue(customField, customValue) : null;
  const filter: ListFilter = {
    status: params.status,
    // The screen offers "in alert only" or nothing: an address saying `alert=false` (written by
    // hand) would otherwise filter the list with nothing on screen to show or undo it.
    alert: params.alert ? 1 : null,
    created_at: params.created_at,
    updated_at: params.updated_at,
    closed_at: params.closed_at,
    archived: params.archived,
    q,
    jobboard: params.jobboard,
    ...(customField && custom !== null ? { custom_fields: { [customField.id]: custom } } : {}),
  };
  /** A filter change goes back to the first page. */
  const setFilter = <K extends keyof OfferListFilters>(key: K, value: OfferListFilters[K]) =>
    void setParams({ [key]: value === '' ? null : value, page: null } as Parameters<typeof setParams>[0]);
  const reset = () =>
    void setParams({
      status: null, alert: null, created_at: null, updated_at: null, closed_at: null, archived: null, q: null, jobboard: null, custom_field: null, custom_value: null, page: null,
    });
  const active = Object.entries(params).some(([key, value]) => key !== 'page' && key !== 'sort' && value !== null);
  /** How many filters are set (a custom field and its value count as one). */
  const activeCount = Object.entries(params).filter(([key, value]) => key !== 'page' && key !== 'sort' && key !== 'custom_value' && value !== null).length;
  /** Another field starts with no value. */
  const setCustomField = (id: number | null) => void setParams({ custom_field: id, custom_value: null, page: null });
  // With a custom field in the address, the list waits for the company's fields (its type).
  const ready = params.custom_field === null || !fields.isPending;
  return {
    params,
    filter,
    setFilter,
    setCustomField,
    reset,
    active,
    activeCount,
    ready,
    setPage: (page: number) => void setParams({ page: page === 1 ? null : page }),
  };
}
