import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TOfferJobBoard } from '@embauche/contracts/offers';
import { api } from '../../../lib/api-client.ts';
import { offerJobBoardsQueryOptions } from './get-offer-jobboards.ts';

export type UpdateOfferJobBoardsInput = { projectId: number; offerId: number; jobboardIds: number[] };

/** Replaces the boards the offer is posted on. */
export function updateOfferJobBoards({ projectId, offerId, jobboardIds }: UpdateOfferJobBoardsInput): Promise<TOfferJobBoard[]> {
  return api.put<TOfferJobBoard[]>(`/projects/${projectId}/offers/${offerId}/jobboards`, { jobboard_ids: jobboardIds });
}

export function useUpdateOfferJobBoards() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOfferJobBoards,
    onSuccess: (boards, input) =>
      queryClient.setQueryData(offerJobBoardsQueryOptions(input.projectId, input.offerId).queryKey, boards),
  });
}
