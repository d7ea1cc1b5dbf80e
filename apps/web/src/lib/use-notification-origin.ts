import { useLocation } from 'react-router';

/**
 * The notification a page was opened from (the notification's link passes its id in the history
 * state): a page whose object answers 403 or 404 then sends the user to that notification's
 * "no longer available" page, which says why and whom to ask, rather than "not found" (issue 35).
 */
export function useNotificationOrigin(): number | null {
  const state: unknown = useLocation().state;
  if (state && typeof state === 'object' && 'notificationId' in state) {
    const id = (state as { notificationId: unknown }).notificationId;
    if (typeof id === 'number' && Number.isInteger(id) && id > 0) return id;
  }
  return null;
}

export function notificationUnavailablePath(id: number): string {
  return `/notifications/${id}/unavailable`;
}
