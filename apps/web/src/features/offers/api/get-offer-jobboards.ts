import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TOfferJobBoard } from '@embauche/contracts/offers';
import { api } from '../../../lib/api-client.ts';
import { offerDetailBaseKey } from './offer-query-keys.ts';

export function getOfferJobBoards(projectId: number, offerId: number, signal?: AbortSignal): Promise<TOfferJobBoard[]> {
  return api.get<TOfferJobBoard[]>(`/projects/${projectId}/offers/${offerId}/jobboards`, { signal });
}

/** Where the offer is posted; it sits under the detail key so offer changes refresh it. */
export function offerJobBoardsQueryOptions(projectId: number, offerId: number) {
  return queryOptions({
    queryKey: [...offerDetailBaseKey, offerId, 'jobboards'] as const,
    queryFn: ({ signal }) => getOfferJobBoards(projectId, offerId, signal),
  });
}

export function useOfferJobBoards(projectId: number, offerId: number) {
  return useQuery(offerJobBoardsQueryOptions(projectId, offerId));
}
