import type { ReactNode } from 'react';
import type { TApplicantSelectionInput } from '@embauche/contracts/applicant-selection';

/** An applicant an action applies to: its id and the name its dialog and toast show. */
export type ApplicantRef = { id: number; name: string };

/**
 * Renders an action's dialog (transfer by e-mail, add to an offer…) for the chosen applicants. The
 * app composes it from the feature that owns the dialog, only for holders of its permission, and
 * hands it to the screens that offer the action (features do not import each other);
 * `onClose(true)` once the action is done.
 */
export type ApplicantActionSlot = (applicants: ApplicantRef[], onClose: (done: boolean) => void, all?: ApplicantSelectionTarget) => ReactNode;

/**
 * "All that match" of a sourcing search or a recruitment list (issue 42 part 2): the action goes to
 * the whole filtered set, resolved on the server (`applicantSelection`), not to the rows the browser
 * loaded (`applicants` is then empty); `count` is how many the user was shown. The e-mail, SMS,
 * "add to an offer" and transfer slots take it (the transfer up to TRANSFER_MAX_ITEMS).
 */
export type ApplicantSelectionTarget = { applicantSelection: TApplicantSelectionInput; count: number };
