import { Suspense } from 'react';
import { AddApplicantsToOfferDialog } from '../../features/applications/components/add-applicants-to-offer-dialog.tsx';
import type { ApplicantActionSlot } from '../../lib/applicant-action-slot.ts';
import { useCan } from '../session/use-current-user.ts';

/**
 * "Add to an offer" for the sourcing results and the recruitment lists, for holders of
 * project_application.duplicate (the applications area owns the dialog and its call); in "all that
 * match" mode, the whole set (issue 42 part 2).
 */
export function useAddToOfferAction(): ApplicantActionSlot | undefined {
  const can = useCan();
  if (!can('project_application.duplicate')) return undefined;
  return (applicants, onClose, all) => (
    // The dialog reads the application namespace, which those screens have not loaded: only the dialog waits.
    <Suspense fallback={null}>
      <AddApplicantsToOfferDialog applicants={applicants} all={all} onClose={onClose} />
    </Suspense>
  );
}
