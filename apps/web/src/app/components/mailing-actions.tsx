import { applicantName } from '../../features/applications/lib/applicant-name.ts';
import type { MailingSlot } from '../../features/applications/lib/mailing-slot.ts';
import type { ApplicantActionSlot } from '../../lib/applicant-action-slot.ts';
import { LazyMailingDialog, useCanMail } from './lazy-mailing-dialog.tsx';

/** The e-mail to an offer's (or the treatment list's) applications: list selection, board column. */
export function useApplicationMailing(): MailingSlot | undefined {
  if (!useCanMail()) return undefined;
  return (applications, onClose) => (
    <LazyMailingDialog
      recipients={applications.map((a) => ({
        applicantId: a.applicant_id,
        applicationId: a.id,
        name: applicantName(a),
        email: a.email,
      }))}
      onClose={onClose}
    />
  );
}

/** The e-mail to applicants chosen outside an offer (a recruitment list, the sourcing search). */
export function useApplicantsMailing(): ApplicantActionSlot | undefined {
  if (!useCanMail()) return undefined;
  return (applicants, onClose) => (
    <LazyMailingDialog
      recipients={applicants.map((a) => ({ applicantId: a.id, name: a.name }))}
      onClose={onClose}
    />
  );
}
