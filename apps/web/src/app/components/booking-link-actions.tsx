import { lazy, Suspense, useState, type ReactNode } from 'react';
import { CalendarPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TApplicantDetail } from '@embauche/contracts/applicants';
import type { TApplicationOverview } from '../../features/applicants/api/get-applications-overview.ts';
import { applicantName } from '../../features/applications/lib/applicant-name.ts';
import type { BookingSlot } from '../../features/applications/lib/booking-slot.ts';
import type { BookingRecipient } from '../../features/planner/components/booking-link-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
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

function ApplicantBookingButton({
  applicant,
  focused,
  canSms,
  onSent,
}: {
  applicant: TApplicantDetail;
  focused: TApplicationOverview;
  canSms: boolean;
  onSent?: () => void;
}) {
  const { t } = useTranslation('applicant');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <CalendarPlus aria-hidden="true" />
        {t('applicant:booking_link')}
      </Button>
      {open ? (
        <LazyBookingLinkDialog
          recipients={[
            {
              applicationId: focused.id,
              name: `${applicant.firstname} ${applicant.lastname}`.trim(),
            },
          ]}
          canSms={canSms}
          onClose={(sent) => {
            setOpen(false);
            if (sent) onSent?.();
          }}
        />
      ) : null}
    </>
  );
}

/** The applicant screen's booking-link button, about the application in focus (none: no button). */
export function useApplicantBookingAction():
  | ((
      applicant: TApplicantDetail,
      focused: TApplicationOverview | null,
      onSent?: () => void,
    ) => ReactNode)
  | undefined {
  const { allowed, canSms } = useBookingAccess();
  if (!allowed) return undefined;
  return (applicant, focused, onSent) =>
    focused ? (
      <ApplicantBookingButton
        applicant={applicant}
        focused={focused}
        canSms={canSms}
        onSent={onSent}
      />
    ) : null;
}
