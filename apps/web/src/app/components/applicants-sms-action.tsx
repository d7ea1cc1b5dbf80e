import { Suspense } from 'react';
import { MassSmsDialog } from '../../features/sms/components/mass-sms-dialog.tsx';
import type { ApplicantActionSlot, ApplicantRef, ApplicantSelectionTarget } from '../../lib/applicant-action-slot.ts';
import { canUser, useCurrentUser } from '../session/use-current-user.ts';

type Props = { applicants: ApplicantRef[]; all?: ApplicantSelectionTarget | undefined; onClose: (sent: boolean) => void };

function ApplicantsSmsDialog({ applicants, all, onClose }: Props) {
  return (
    // The dialog reads the sms namespace, which the calling screen may not have loaded: only the dialog waits.
    <Suspense fallback={null}>
      <MassSmsDialog offerId={null} recipients={applicants.map((a) => ({ applicantId: a.id, name: a.name }))} selection={all} onClose={onClose} />
    </Suspense>
  );
}

/**
 * One text to applicants chosen outside an offer (a recruitment list): each goes on the person's
 * newest application the user sees. SMS feature and project_application.sms.
 */
export function useApplicantsSms(): ApplicantActionSlot | undefined {
  const me = useCurrentUser();
  if (!me.features.includes('SMS') || !canUser(me, 'project_application.sms')) return undefined;
  return (applicants, onClose, all) => <ApplicantsSmsDialog applicants={applicants} all={all} onClose={onClose} />;
}
