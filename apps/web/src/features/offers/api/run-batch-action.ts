import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TArchiveRequest, TBatchResult } from '@embauche/contracts/offers';
import type { TProjectRef } from '@embauche/contracts/projects';
import { api } from '../../../lib/api-client.ts';
import { invalidateOfferQueries } from './invalidate-offer-queries.ts';
import { ACTION_PATHS, type OfferAction } from './run-offer-action.ts';

export type BatchActionInput = {
  projectRef: TProjectRef;
  action: OfferAction;
  ids: number[];
  archive?: TArchiveRequest;
  targetProject?: number;
};

/** `PUT /projects/{id}/offers/batch/{action}`: answers which offers changed and which failed, and why. */
export function runBatchAction({ projectRef, action, ids, archive, targetProject }: BatchActionInput): Promise<TBatchResult> {
  const body =
    action === 'move'
      ? { moving_offers: ids, target_project: targetProject }
      : action === 'archive'
        ? { ...archive, offers_ids: ids }
        : { offers_ids: ids };
  return api.put<TBatchResult>(`/projects/${encodeURIComponent(String(projectRef))}/offers/batch/${ACTION_PATHS[action]}`, body);
}

export function useBatchAction(onChanged?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runBatchAction,
    onSuccess: async () => {
      await invalidateOfferQueries(queryClient);
      onChanged?.();
    },
  });
}
