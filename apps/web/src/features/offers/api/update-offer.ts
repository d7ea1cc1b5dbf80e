import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TOfferDetail, TOfferUpdateRequest } from '@embauche/contracts/offers';
import { api } from '../../../lib/api-client.ts';
import { offerQueryOptions } from './get-offer.ts';
import { offerListBaseKey } from './offer-query-keys.ts';

export type UpdateOfferInput = { projectId: number; offerId: number; offer: TOfferUpdateRequest };

export function updateOffer({ projectId, offerId, offer }: UpdateOfferInput): Promise<TOfferDetail> {
  return api.put<TOfferDetail>(`/projects/${projectId}/offers/${offerId}`, offer);
}

export function useUpdateOffer(onChanged?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOffer,
    onSuccess: async (offer, input) => {
      queryClient.setQueryData(offerQueryOptions(input.projectId, input.offerId).queryKey, offer);
      await queryClient.invalidateQueries({ queryKey: offerListBaseKey });
      onChanged?.();
    },
  });
}
