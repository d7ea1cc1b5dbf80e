import { parseAsInteger, parseAsString, useQueryStates } from 'nuqs';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';

/** The templates list's search and page in the URL (`?q=&page=`). */
export const templatesParsers = { q: parseAsString, page: parseAsInteger.withDefault(1) };

export function useTemplatesParams() {
  const [params, setParams] = useQueryStates(templatesParsers);
  // The text reaches the server after a pause in typing; the URL follows every key.
  const search = useDebouncedValue(params.q ?? '', 300).trim() || null;
  return {
    q: params.q ?? '',
    search,
    page: params.page,
    setQ: (q: string) => void setParams({ q: q || null, page: null }),
    setPage: (page: number) => void setParams({ page: page === 1 ? null : page }),
  };
}
