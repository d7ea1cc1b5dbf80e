import type { ReactNode } from 'react';

/** An applicant an action applies to: its id and the name its dialog and toast show. */
export type ApplicantRef = { id: number; name: string };

/**
 * Renders an action's dialog (transfer by e-mail, add to an offer…) for the chosen applicants. The
 * app composes it from the feature that owns the dialog, only for holders of its permission, and
 * hands it to the screens that offer the action (features do not import each other);
 * `onClose(true)` once the action is done.
 */
export type ApplicantActionSlot = (applicants: ApplicantRef[], onClose: (done: boolean) => void) => ReactNode;
