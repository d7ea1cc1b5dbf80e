import { parseAsInteger, parseAsString, parseAsStringLiteral, useQueryStates } from 'nuqs';
import { COMMUNITY_CONSENT_STATES } from '@embauche/contracts/community';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import type { CommunityMembersParams } from '../api/get-community-members.ts';

/** The search, filters and page of the community list in the query string (shareable, kept by back/forward). */
export const communityParsers = {
  q: parseAsString,
  interest: parseAsInteger,
  consent: parseAsStringLiteral(COMMUNITY_CONSENT_STATES),
  since: parseAsString,
  page: parseAsInteger.withDefault(1),
};

export function useCommunityParams() {
  const [params, setParams] = useQueryStates(communityParsers);
  const search = useDebouncedValue(params.q ?? '', 300).trim();
  const request: CommunityMembersParams = {
    search,
    interest: params.interest,
    consent: params.consent,
    since: params.since && /^\d{4}-\d{2}-\d{2}$/.test(params.since) ? params.since : null,
    page: params.page,
  };
  /** Any change of the search or a filter goes back to page 1. */
  const set = (
    values: Partial<Record<'q' | 'interest' | 'consent' | 'since', string | number | null>>,
  ) => void setParams({ ...(values as Parameters<typeof setParams>[0]), page: null });
  return {
    params,
    request,
    set,
    setPage: (page: number) => void setParams({ page: page === 1 ? null : page }),
    active: Boolean(params.q || params.interest || params.consent || params.since),
    reset: () =>
      void setParams({ q: null, interest: null, consent: null, since: null, page: null }),
  };
}
