import { parseAsInteger, parseAsString, parseAsStringLiteral, useQueryStates } from 'nuqs';
import { USER_SORT_VALUES } from '@embauche/contracts/users';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import type { UsersFilter } from '../api/get-users.ts';

/** The list's filters, sort and page in the URL (`?q=&role=&group=&subsidiary=&active=&sort=&page=`). */
export const usersParsers = {
  q: parseAsString,
  role: parseAsString,
  group: parseAsString,
  subsidiary: parseAsString,
  active: parseAsStringLiteral(['1', '0'] as const),
  sort: parseAsStringLiteral(USER_SORT_VALUES).withDefault('lastname'),
  page: parseAsInteger.withDefault(1),
};

export function useUsersParams() {
  const [params, setParams] = useQueryStates(usersParsers);
  // The text reaches the server after a pause in typing; the URL follows every key.
  const q = useDebouncedValue(params.q ?? '', 300).trim();
  const filter: UsersFilter = {
    q: q || null,
    role: params.role,
    group: params.group,
    subsidiary: params.subsidiary,
    active: params.active,
    sort: params.sort,
  };
  /** A new filter or sort starts again from the first page. */
  const set = (next: Partial<Omit<typeof params, 'page'>>) => void setParams({ ...next, page: null });
  const setPage = (page: number) => void setParams({ page: page === 1 ? null : page });
  const reset = () =>
    void setParams({ q: null, role: null, group: null, subsidiary: null, active: null, sort: null, page: null });
  const active = Boolean(params.q || params.role || params.group || params.subsidiary || params.active);
  return { params, filter, page: params.page, set, setPage, reset, active };
}
