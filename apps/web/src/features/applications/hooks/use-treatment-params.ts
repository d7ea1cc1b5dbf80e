import { parseAsArrayOf, parseAsInteger, parseAsString, parseAsStringLiteral, useQueryStates } from 'nuqs';
import type { FilterValue } from '../../../lib/query-string.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { APPLICATION_ORDERS, DEFAULT_APPLICATION_ORDER } from './use-application-params.ts';
import type { TreatmentKind } from '../api/get-treatment-applications.ts';

export const TREATMENT_TABS = ['applications', 'spontaneous'] as const satisfies readonly TreatmentKind[];
export const TREATMENT_MULTI = ['statuses', 'works', 'subsidiaries', 'tests', 'offers', 'jobboards'] as const;
export type TreatmentMulti = (typeof TREATMENT_MULTI)[number];
/** Filters that only mean something for applications on an offer. */
const OFFER_ONLY = ['works', 'offers'] as const;

/** Spec 2 "Treatment lists": search, statuses, works, scope_range, subsidiaries, tests, offers, sort, jobboards, page; plus the tab. */
export const treatmentParsers = {
  tab: parseAsStringLiteral(TREATMENT_TABS).withDefault('applications'),
  search: parseAsString,
  statuses: parseAsArrayOf(parseAsString),
  works: parseAsArrayOf(parseAsString),
  scope_range: parseAsString,
  subsidiaries: parseAsArrayOf(parseAsString),
  tests: parseAsArrayOf(parseAsString),
  offers: parseAsArrayOf(parseAsString),
  sort: parseAsStringLiteral(APPLICATION_ORDERS),
  jobboards: parseAsArrayOf(parseAsString),
  page: parseAsInteger.withDefault(1),
};

type TreatmentParams = {
  tab: string;
  statuses: string[] | null;
  works: string[] | null;
  scope_range: string | null;
  subsidiaries: string[] | null;
  tests: string[] | null;
  offers: string[] | null;
  jobboards: string[] | null;
};

/** The treatment list's filters as the API takes them (plain query parameters, arrays comma-joined). */
export function treatmentFilters(params: TreatmentParams, search: string): Record<string, FilterValue> {
  return {
    search,
    statuses: params.statuses,
    scope_range: params.scope_range,
    subsidiaries: params.subsidiaries,
    tests: params.tests,
    jobboards: params.jobboards,
    ...(params.tab === 'spontaneous' ? {} : { works: params.works, offers: params.offers }),
  };
}

export function useTreatmentParams() {
  const [params, setParams] = useQueryStates(treatmentParsers);
  const search = useDebouncedValue(params.search ?? '', 300).trim();
  const filters = treatmentFilters(params, search);
  const setFilter = (key: 'search' | 'scope_range' | 'sort' | TreatmentMulti, value: string | string[] | null) => {
    const empty = value === null || value === '' || (Array.isArray(value) && value.length === 0);
    void setParams({ [key]: empty ? null : value, page: null } as Parameters<typeof setParams>[0]);
  };
  const setTab = (tab: (typeof TREATMENT_TABS)[number]) =>
    void setParams({ tab: tab === 'applications' ? null : tab, page: null, ...(tab === 'spontaneous' ? Object.fromEntries(OFFER_ONLY.map((k) => [k, null])) : {}) });
  const reset = () =>
    void setParams({ search: null, statuses: null, works: null, scope_range: null, subsidiaries: null, tests: null, offers: null, jobboards: null, page: null });
  /** How many filters are set (the search, the dates, each list with a choice). */
  const activeCount = (params.search ? 1 : 0) + (params.scope_range ? 1 : 0) + TREATMENT_MULTI.filter((key) => params[key]?.length).length;
  const active = activeCount > 0;
  return {
    params,
    filters,
    spontaneous: params.tab === 'spontaneous',
    sort: params.sort ?? DEFAULT_APPLICATION_ORDER,
    setFilter,
    setTab,
    reset,
    active,
    activeCount,
    setPage: (page: number) => void setParams({ page: page === 1 ? null : page }),
  };
}
