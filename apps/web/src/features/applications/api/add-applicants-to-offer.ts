import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TApplicantSelectionInput } from '@embauche/contracts/applicant-selection';
import type { TBulkOperation } from '@embauche/contracts/application-selection';
import type { ZDuplicateResult } from '@embauche/contracts/applications';
import { api } from '../../../lib/api-client.ts';
import { invalidateApplicationQueries } from './change-application-status.ts';

export type TAddToOfferResult = z.infer<typeof ZDuplicateResult>;
/** The ticked applicants, or "all that match" of a sourcing search or a recruitment list (issue 42 part 2). */
export type AddApplicantsToOfferInput = { offerId: number; applicantIds: number[] } | { offerId: number; selection: TApplicantSelectionInput };

/**
 * The applicants get a new application on the offer, through the offers' duplicate call
 * (`PUT /projects/all/offers/{offer_id}/applications/duplicate`, project_application.duplicate) with
 * the target offer as its own source: each starts in the first status. The ids answer
 * `{ created, skipped }` (those already there in `skipped`); a selection answers its operation
 * (done during the request up to 200, else queued for a job: read it back with `getCopyOperation`),
 * or 409 `selection_changed` with the current count in `errors.count[0]`.
 */
export function addApplicantsToOffer(input: AddApplicantsToOfferInput): Promise<TAddToOfferResult | TBulkOperation> {
  const applicants = 'selection' in input ? { selection: input.selection } : { applicants_ids: input.applicantIds, application_id: null };
  return api.put<TAddToOfferResult | TBulkOperation>(`/projects/all/offers/${input.offerId}/applications/duplicate`, {
    job_offer_id: input.offerId,
    keep_statuses: false,
    ...applicants,
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
