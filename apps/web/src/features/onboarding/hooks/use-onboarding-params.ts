import { parseAsInteger, parseAsString, parseAsStringLiteral, useQueryStates } from 'nuqs';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import type { OnboardingFilters } from '../api/get-onboardings.ts';

export const ONBOARDING_VIEWS = ['list', 'board'] as const;

/** The view, search, filters and page of `/onboarding` in the query string (shareable, kept by back/forward). */
export const onboardingParsers = {
  view: parseAsStringLiteral(ONBOARDING_VIEWS).withDefault('list'),
  q: parseAsString,
  subsidiary: parseAsInteger,
  manager: parseAsInteger,
  /** `YYYY-MM`. */
  month: parseAsString,
  status: parseAsInteger,
  page: parseAsInteger.withDefault(1),
};

type FilterKey = 'q' | 'subsidiary' | 'manager' | 'month' | 'status';

export function useOnboardingParams() {
  const [params, setParams] = useQueryStates(onboardingParsers);
  const search = useDebouncedValue(params.q ?? '', 300).trim();
  const filters: OnboardingFilters = {
    search,
    subsidiaryId: params.subsidiary,
    managerId: params.manager,
    startMonth: params.month && /^\d{4}-(0[1-9]|1[0-2])$/.test(params.month) ? params.month : null,
    statusId: params.status,
  };
  return {
    params,
    filters,
    /** Any change of the search or a filter goes back to page 1. */
    set: (values: Partial<Record<FilterKey, string | number | null>>) =>
      void setParams({ ...(values as Parameters<typeof setParams>[0]), page: null }),
    setView: (view: (typeof ONBOARDING_VIEWS)[number]) => void setParams({ view: view === 'list' ? null : view }),
    setPage: (page: number) => void setParams({ page: page === 1 ? null : page }),
    active: Boolean(params.q || params.subsidiary || params.manager || params.month || params.status),
    reset: () => void setParams({ q: null, subsidiary: null, manager: null, month: null, status: null, page: null }),
  };
}
