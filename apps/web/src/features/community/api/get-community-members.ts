import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TCommunityConsentState, TCommunityMemberPage } from '@embauche/contracts/community';
import { api } from '../../../lib/api-client.ts';
import { communityMembersKey } from './community-keys.ts';

export type CommunityMembersParams = {
  search: string;
  interest: number | null;
  consent: TCommunityConsentState | null;
  /** `yyyy-MM-dd`. */
  since: string | null;
  page: number;
};

/** `GET /community/members?page&filter[search]&filter[interest]&filter[consent]&filter[joined_since]`, newest first. */
export function getCommunityMembers(
  p: CommunityMembersParams,
  signal?: AbortSignal,
): Promise<TCommunityMemberPage> {
  return api.get<TCommunityMemberPage>('/community/members', {
    signal,
    query: {
      page: p.page,
      filter: {
        search: p.search || null,
        interest: p.interest,
        consent: p.consent,
        joined_since: p.since,
      },
    },
  });
}

export function communityMembersQueryOptions(p: CommunityMembersParams) {
  return queryOptions({
    queryKey: [...communityMembersKey, p] as const,
    queryFn: ({ signal }) => getCommunityMembers(p, signal),
    staleTime: 30 * 1000,
  });
}

export function useCommunityMembers(p: CommunityMembersParams) {
  return useQuery({ ...communityMembersQueryOptions(p), placeholderData: keepPreviousData });
}
