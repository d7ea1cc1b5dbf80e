import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateOfferQueries } from './invalidate-offer-queries.ts';

export type ToggleOfferFavoriteInput = { projectId: number; offerId: number; favorite: boolean };

/** Spec 4: adding is a POST, removing a DELETE. */
export function toggleOfferFavorite({ projectId, offerId, favorite }: ToggleOfferFavoriteInput): Promise<void> {
  const path = `/projects/${projectId}/offers/${offerId}/favorites`;
  return favorite ? api.post<void>(path) : api.delete<void>(path);
}

export function useToggleOfferFavorite(onChanged?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleOfferFavorite,
    onSuccess: async () => {
      await invalidateOfferQueries(queryClient);
      onChanged?.();
    },
  });
}
