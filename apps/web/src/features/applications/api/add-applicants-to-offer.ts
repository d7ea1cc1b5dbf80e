import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZDuplicateResult } from '@embauche/contracts/applications';
import { api } from '../../../lib/api-client.ts';
import { invalidateApplicationQueries } from './change-application-status.ts';

export type TAddToOfferResult = z.infer<typeof ZDuplicateResult>;
export type AddApplicantsToOfferInput = { offerId: number; applicantIds: number[] };

/**
 * The applicants get a new application on the offer, through the offers' duplicate call
 * (`PUT /projects/all/offers/{offer_id}/applications/duplicate`, project_application.duplicate) with
 * the target offer as its own source: each starts in the first status; those already there come
 * back in `skipped`.
 */
export function addApplicantsToOffer({ offerId, applicantIds }: AddApplicantsToOfferInput): Promise<TAddToOfferResult> {
  return api.put<TAddToOfferResult>(`/projects/all/offers/${offerId}/applications/duplicate`, {
    job_offer_id: offerId,
    applicants_ids: applicantIds,
    keep_statuses: false,
    application_id: null,
  });
}

/** The offer's lists, boards and counts change: every application query is read again. */
export function useAddApplicantsToOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addApplicantsToOffer,
    onSuccess: () => invalidateApplicationQueries(queryClient),
  });
}
