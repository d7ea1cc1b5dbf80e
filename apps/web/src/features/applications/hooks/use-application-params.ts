import { parseAsArrayOf, parseAsInteger, parseAsString, parseAsStringLiteral, useQueryStates } from 'nuqs';
import type { ApplicationFilter } from '../api/application-query-keys.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';

export const APPLICATION_VIEWS = ['list', 'board'] as const;
export type ApplicationView = (typeof APPLICATION_VIEWS)[number];
export const APPLICATION_ORDERS = ['-created_at', 'created_at', '-updated_at', 'lastname', '-lastname'] as const;
export const DEFAULT_APPLICATION_ORDER = '-created_at';

/** The multi-select filters: spec 5 keeps their values as strings. */
export const MULTI_FILTERS = ['statuses', 'motifs', 'job_boards', 'tests'] as const;
export type MultiFilter = (typeof MULTI_FILTERS)[number];

/** Spec 2 "Application/activity filters" in the query string; `view` switches list and board. */
export const applicationParsers = {
  view: parseAsStringLiteral(APPLICATION_VIEWS).withDefault('list'),
  search: parseAsString,
  order: parseAsStringLiteral(APPLICATION_ORDERS),
  scope_range: parseAsString,
  statuses: parseAsArrayOf(parseAsString),
  motifs: parseAsArrayOf(parseAsString),
  job_boards: parseAsArrayOf(parseAsString),
  tests: parseAsArrayOf(parseAsString),
  page: parseAsInteger.withDefault(1),
};

type Editable = 'search' | 'order' | 'scope_range' | MultiFilter;

export function useApplicationParams() {
  const [params, setParams] = useQueryStates(applicationParsers);
  const search = useDebouncedValue(params.search ?? '', 300).trim();
  /** What the server receives as `filter[...]`: arrays comma-joined, empty values dropped. */
  const filter: ApplicationFilter = {
    search,
    scope_range: params.scope_range,
    statuses: params.statuses,
    motifs: params.motifs,
    job_boards: params.job_boards,
    tests: params.tests,
  };
  /** The board's columns and counts ignore the statuses filter's own column choice. */
  const { statuses: _statuses, ...boardFilter } = filter;
  const setFilter = <K extends Editable>(key: K, value: string | string[] | null) => {
    const empty = value === null || value === '' || (Array.isArray(value) && value.length === 0);
    void setParams({ [key]: empty ? null : value, page: null } as Parameters<typeof setParams>[0]);
  };
  const reset = () =>
    void setParams({ search: null, order: null, scope_range: null, statuses: null, motifs: null, job_boards: null, tests: null, page: null });
  const active = Boolean(params.search || params.scope_range || MULTI_FILTERS.some((key) => params[key]?.length));
  return {
    params,
    filter,
    boardFilter,
    order: params.order ?? DEFAULT_APPLICATION_ORDER,
    setFilter,
    reset,
    active,
    setView: (view: ApplicationView) => void setParams({ view: view === 'list' ? null : view, page: null }),
    setPage: (page: number) => void setParams({ page: page === 1 ? null : page }),
  };
}
