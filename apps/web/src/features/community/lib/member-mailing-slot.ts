import type { ReactNode } from 'react';

/** A community member an action applies to: its id, the name its dialog shows, its address. */
export type MemberRef = { id: number; name: string; email: string };

/**
 * Renders the e-mail dialog for the chosen community members (issue 38, the spec's multicast).
 * The route composes it from the mailings area (features do not import each other), only for
 * holders of project_application.email; `onClose(true)` once a mailing was created.
 */
export type MemberMailingSlot = (
  members: MemberRef[],
  onClose: (sent: boolean) => void,
) => ReactNode;
