import { parseAsInteger, parseAsString, parseAsStringLiteral, useQueryStates } from 'nuqs';
import { GROUP_SORT_VALUES } from '@embauche/contracts/groups';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import type { GroupsFilter } from '../api/get-groups.ts';

/** The list's search, sort and page in the URL (`?q=&sort=&page=`). */
export const groupsParsers = {
  q: parseAsString,
  sort: parseAsStringLiteral(GROUP_SORT_VALUES).withDefault('name'),
  page: parseAsInteger.withDefault(1),
};

export function useGroupsParams() {
  const [params, setParams] = useQueryStates(groupsParsers);
  // The text reaches the server after a pause in typing; the URL follows every key.
  const q = useDebouncedValue(params.q ?? '', 300).trim();
  const filter: GroupsFilter = { search: q || null, sort: params.sort };
  /** A new search or sort starts again from the first page. */
  const set = (next: Partial<Omit<typeof params, 'page'>>) => void setParams({ ...next, page: null });
  const setPage = (page: number) => void setParams({ page: page === 1 ? null : page });
  return { params, filter, page: params.page, set, setPage, searching: Boolean(params.q) };
}
