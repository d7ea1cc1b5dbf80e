import { lazy, Suspense } from 'react';
import { applicantName } from '../../features/applications/lib/applicant-name.ts';
import type { BookingSlot } from '../../features/applications/lib/booking-slot.ts';
import type { BookingRecipient } from '../../features/planner/components/booking-link-dialog.tsx';
import { canUser, useCurrentUser } from '../session/use-current-user.ts';

// The dialog (its form and the planner's calls) loads when it first opens, with the planner namespace.
const BookingLinkDialog = lazy(
  () => import('../../features/planner/components/booking-link-dialog.tsx'),
);

/** Booking links need planner.access (the server's guard); SMS the company's feature and project_application.sms. */
function useBookingAccess(): { allowed: boolean; canSms: boolean } {
  const me = useCurrentUser();
  return {
    allowed: canUser(me, 'planner.access'),
    canSms: me.features.includes('SMS') && canUser(me, 'project_application.sms'),
  };
}

function LazyBookingLinkDialog({
  recipients,
  canSms,
  onClose,
}: {
  recipients: BookingRecipient[];
  canSms: boolean;
  onClose: (sent: boolean) => void;
}) {
  return (
    <Suspense fallback={null}>
      <BookingLinkDialog recipients={recipients} canSms={canSms} onClose={onClose} />
    </Suspense>
  );
}

/** "Send a booking link" to an offer's (or the treatment list's) selected applications. */
export function useApplicationBooking(): BookingSlot | undefined {
  const { allowed, canSms } = useBookingAccess();
  if (!allowed) return undefined;
  return (applications, onClose) => (
    <LazyBookingLinkDialog
      recipients={applications.map((a) => ({ applicationId: a.id, name: applicantName(a) }))}
      canSms={canSms}
      onClose={onClose}
    />
  );
}
