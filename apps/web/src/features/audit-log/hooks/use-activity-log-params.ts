import { parseAsInteger, parseAsString, parseAsStringLiteral, useQueryStates } from 'nuqs';
import { AUDIT_ACTIONS } from '@embauche/contracts/audit';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import type { ActivityLogFilter } from '../api/get-activity-logs.ts';

/** The page's filters in the URL: action, person (id), days (`from,to`), text, page. */
export const activityLogParsers = {
  action: parseAsStringLiteral(AUDIT_ACTIONS),
  user: parseAsInteger,
  dates: parseAsString,
  q: parseAsString,
  page: parseAsInteger.withDefault(1),
};

export function useActivityLogParams() {
  const [params, setParams] = useQueryStates(activityLogParsers);
  // The text reaches the server after a pause in typing; the URL follows every key.
  const q = useDebouncedValue(params.q ?? '', 300).trim();
  const [from = '', to = ''] = (params.dates ?? '').split(',');
  const filter: ActivityLogFilter = {
    action: params.action,
    user: params.user,
    from: from || null,
    to: to || null,
    q: q || null,
  };
  /** A new filter starts again from the first page. */
  const set = (next: Partial<Omit<typeof params, 'page'>>) => void setParams({ ...next, page: null });
  const setPage = (page: number) => void setParams({ page: page === 1 ? null : page });
  const reset = () => void setParams({ action: null, user: null, dates: null, q: null, page: null });
  const active = Boolean(params.action || params.user || params.dates || params.q);
  return { params, filter, page: params.page, set, setPage, reset, active };
}
