import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCommunityInterest } from '@embauche/contracts/community';
import { api } from '../../../lib/api-client.ts';
import { communityChoicesKey } from './community-keys.ts';

/** `GET /community/interests`: the company's subsidiaries members pick their interests among (the filter's choices). */
export function getCommunityInterests(signal?: AbortSignal): Promise<TCommunityInterest[]> {
  return api.get<TCommunityInterest[]>('/community/interests', { signal });
}

export function communityInterestsQueryOptions() {
  return queryOptions({
    queryKey: [...communityChoicesKey, 'interests'] as const,
    queryFn: ({ signal }) => getCommunityInterests(signal),
    staleTime: 5 * 60 * 1000,
  });
}

export function useCommunityInterests() {
  return useQuery(communityInterestsQueryOptions());
}
