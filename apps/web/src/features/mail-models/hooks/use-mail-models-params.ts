import { parseAsInteger, parseAsString, parseAsStringLiteral, useQueryStates } from 'nuqs';
import { MAIL_KINDS, type TMailKind } from '@embauche/contracts/mail-models';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import type { MailModelsFilters } from '../api/get-mail-models.ts';

/** The models list's search, kind and page in the URL (`?q=&kind=&page=`). */
export const mailModelsParsers = {
  q: parseAsString,
  kind: parseAsStringLiteral(MAIL_KINDS),
  page: parseAsInteger.withDefault(1),
};

export function useMailModelsParams() {
  const [params, setParams] = useQueryStates(mailModelsParsers);
  // The text reaches the server after a pause in typing; the URL follows every key.
  const search = useDebouncedValue(params.q ?? '', 300).trim() || null;
  const filters: MailModelsFilters = { kind: params.kind, search, page: params.page };
  return {
    q: params.q ?? '',
    kind: params.kind,
    filters,
    setQ: (q: string) => void setParams({ q: q || null, page: null }),
    setKind: (kind: TMailKind | null) => void setParams({ kind, page: null }),
    setPage: (page: number) => void setParams({ page: page === 1 ? null : page }),
  };
}
