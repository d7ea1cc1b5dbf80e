import type { SourcingSearchParams } from '../api/search-sourcing.ts';

/**
 * The search as "all that match" names it (issue 42 part 2, contracts/applicant-selection.ts): the
 * route's own query parameters, `q` and `filter[…]` (comma-joined as the search sends them); the
 * page and the order are left out (they do not change which applicants match).
 */
export function sourcingSelectionFilters(params: SourcingSearchParams): Record<string, string> {
  const filters: Record<string, string> = {};
  const q = params.q.trim();
  if (q) filters.q = q;
  for (const [name, value] of Object.entries(params.filter)) {
    const joined = Array.isArray(value) ? value.filter(Boolean).join(',') : (value ?? '');
    if (joined) filters[`filter[${name}]`] = joined;
  }
  return filters;
}
