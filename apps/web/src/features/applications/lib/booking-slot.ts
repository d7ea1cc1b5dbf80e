import type { ReactNode } from 'react';
import type { TApplicationItem } from '@embauche/contracts/applications';

/**
 * Renders the "send a booking link" dialog for the chosen applications (issue 39). The route
 * composes it (the planner area owns the dialog) and only for holders of planner.access;
 * `onClose(true)` once links went.
 */
export type BookingSlot = (
  applications: TApplicationItem[],
  onClose: (sent: boolean) => void,
) => ReactNode;
