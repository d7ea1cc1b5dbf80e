import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TOfferPage } from '@embauche/contracts/offers';
import { api } from '../../../lib/api-client.ts';
import { communityChoicesKey } from './community-keys.ts';

/** `GET /projects/all/offers?filter[status]=published&filter[q]`: the published offers a member may be invited to. */
export function getCommunityOfferChoices(
  search: string,
  signal?: AbortSignal,
): Promise<TOfferPage> {
  return api.get<TOfferPage>('/projects/all/offers', {
    signal,
    query: {
      page: 1,
      per_page: 20,
      sort: 'job_position',
      filter: { q: search || null, status: 'published' },
    },
  });
}

export function communityOfferChoicesQueryOptions(search: string) {
  const term = search.trim();
  return queryOptions({
    queryKey: [...communityChoicesKey, 'offers', term] as const,
    queryFn: ({ signal }) => getCommunityOfferChoices(term, signal),
    staleTime: 60 * 1000,
  });
}

export function useCommunityOfferChoices(search: string) {
  return useQuery(communityOfferChoicesQueryOptions(search));
}
