import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TArchiveRequest, TOfferDetail } from '@embauche/contracts/offers';
import { api } from '../../../lib/api-client.ts';
import { invalidateOfferQueries } from './invalidate-offer-queries.ts';

export type OfferAction = 'publish' | 'unpublish' | 'archive' | 'draft' | 'move';

/** The path segment of each action (spec 7 Offers). */
export const ACTION_PATHS: Record<OfferAction, string> = {
  publish: 'publish',
  unpublish: 'unpublish',
  archive: 'archive',
  draft: 'archive/draft',
  move: 'move',
};

export type OfferActionInput = {
  projectId: number;
  offerId: number;
  action: OfferAction;
  archive?: TArchiveRequest;
  targetProject?: number;
};

/** `PUT /projects/{id}/offers/{offer_id}/{action}`: answers the changed offer, 409 when it does not apply. */
export function runOfferAction({ projectId, offerId, action, archive, targetProject }: OfferActionInput): Promise<TOfferDetail> {
  const body = action === 'archive' ? archive : action === 'move' ? { moving_offer: offerId, target_project: targetProject } : undefined;
  return api.put<TOfferDetail>(`/projects/${projectId}/offers/${offerId}/${ACTION_PATHS[action]}`, body);
}

export function useOfferAction(onChanged?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runOfferAction,
    onSuccess: async () => {
      await invalidateOfferQueries(queryClient);
      onChanged?.();
    },
  });
}
