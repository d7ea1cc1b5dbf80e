import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TOfferCreateRequest, TOfferDetail } from '@embauche/contracts/offers';
import { api } from '../../../lib/api-client.ts';
import { invalidateOfferQueries } from './invalidate-offer-queries.ts';

export type CreateOfferInput = { projectId: number; offer: TOfferCreateRequest };

/** A new offer starts as a draft in a leaf project. */
export function createOffer({ projectId, offer }: CreateOfferInput): Promise<TOfferDetail> {
  return api.post<TOfferDetail>(`/projects/${projectId}/offers`, offer);
}

export function useCreateOffer(onChanged?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOffer,
    onSuccess: async () => {
      await invalidateOfferQueries(queryClient);
      onChanged?.();
    },
  });
}
