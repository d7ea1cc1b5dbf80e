import { lazy, Suspense, useState, type ReactNode } from 'react';
import { CalendarPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TApplicantDetail } from '@embauche/contracts/applicants';
import type { TApplicationOverview } from '../../features/applicants/api/get-applications-overview.ts';
import { Button } from '../../components/ui/button.tsx';
import { canUser, useCurrentUser } from '../session/use-current-user.ts';

// Apart from booking-link-actions.tsx (the offer list's): a module shared by the two screens would
// be one more chunk named in the app's entry (the sign-in page's budget). The dialog loads when it
// first opens.
const BookingLinkDialog = lazy(
  () => import('../../features/planner/components/booking-link-dialog.tsx'),
);

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
        <Suspense fallback={null}>
          <BookingLinkDialog
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
        </Suspense>
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
  const me = useCurrentUser();
  if (!canUser(me, 'planner.access')) return undefined;
  const canSms = me.features.includes('SMS') && canUser(me, 'project_application.sms');
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
