import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TOfferStatuses, TStatus } from '@embauche/contracts/applications';
import { OFFER_STATUSES_MAX } from '@embauche/contracts/applications';
import { api } from '../api-client.ts';

export const offerStatusesBaseKey = ['pipeline', 'offer-statuses'] as const;

/** `GET /offer-statuses?offer_ids=…`: each offer's workflow statuses (its own, its project's or the default). */
export function getOfferStatuses(offerIds: number[], signal?: AbortSignal): Promise<TOfferStatuses[]> {
  return api.get<TOfferStatuses[]>('/offer-statuses', { query: { offer_ids: offerIds.join(',') }, signal });
}

/** The asked offers' workflows by offer id (a few offers per call, sorted for a stable key). */
export function offerStatusesQueryOptions(offerIds: number[]) {
  const ids = [...new Set(offerIds)].sort((a, b) => a - b).slice(0, OFFER_STATUSES_MAX);
  return queryOptions({
    queryKey: [...offerStatusesBaseKey, ids] as const,
    queryFn: ({ signal }) => getOfferStatuses(ids, signal),
    enabled: ids.length > 0,
    staleTime: 5 * 60 * 1000,
    select: (lists: TOfferStatuses[]) =>
      new Map<number, TStatus[]>(lists.map((l) => [l.offer_id, [...l.statuses].sort((a, b) => a.position - b.position || a.id - b.id)])),
  });
}

export function useOfferStatuses(offerIds: number[]) {
  return useQuery(offerStatusesQueryOptions(offerIds));
}
