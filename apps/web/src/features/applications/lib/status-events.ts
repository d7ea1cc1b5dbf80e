import { createContext, useContext } from 'react';

/** One application whose status changed: its name when known (a single change), else null. */
export type ChangedApplication = { id: number; name: string | null };

/**
 * After applications' statuses changed (one from the board, a row or the applicant screen, or a
 * selection): the new status and, for a single change, the one it left (null for a selection).
 */
export type StatusChanged = {
  applications: ChangedApplication[];
  statusId: number;
  previousStatusId: number | null;
};

/**
 * The app layer's listener for status changes (issue 41: status 6 offers to start an onboarding,
 * leaving it asks whether to cancel it). Provided by the app (features do not import each other);
 * none: nothing happens after a change.
 */
export const StatusEventsContext = createContext<((event: StatusChanged) => void) | undefined>(undefined);

export function useStatusEvents() {
  return useContext(StatusEventsContext);
}
