import { Suspense } from 'react';
import type { TApplicationItem } from '@embauche/contracts/applications';
import { applicantName } from '../../features/applications/lib/applicant-name.ts';
import type { RecipientSelectionTarget } from '../../features/applications/lib/recipient-selection.ts';
import type { SmsSlot } from '../../features/applications/lib/sms-slot.ts';
import { MassSmsDialog } from '../../features/sms/components/mass-sms-dialog.tsx';
import { canUser, useCurrentUser } from '../session/use-current-user.ts';

type Props = { offerId: number; applications: TApplicationItem[]; onClose: (sent: boolean) => void; all?: RecipientSelectionTarget | undefined };

function ApplicationSmsDialog({ offerId, applications, onClose, all }: Props) {
  const recipients = applications.map((a) => ({ applicantId: a.applicant_id, applicationId: a.id, name: applicantName(a) }));
  return (
    // The dialog reads the sms namespace, which the offer screen has not loaded: only the dialog waits for it.
    <Suspense fallback={null}>
      <MassSmsDialog offerId={offerId} recipients={recipients} selection={all} onClose={onClose} />
    </Suspense>
  );
}

/** The mass SMS to an offer's applications (list selection, board columns): SMS feature and project_application.sms. */
export function useApplicationSms(offerId: number | null): SmsSlot | undefined {
  const me = useCurrentUser();
  if (offerId === null || !me.features.includes('SMS') || !canUser(me, 'project_application.sms')) return undefined;
  return (applications, onClose, all) => <ApplicationSmsDialog offerId={offerId} applications={applications} onClose={onClose} all={all} />;
}
