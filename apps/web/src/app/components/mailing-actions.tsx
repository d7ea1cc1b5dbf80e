import { applicantName } from '../../features/applications/lib/applicant-name.ts';
import { Suspense } from 'react';
import type { MailingSlot, RefusalMailSlot } from '../../features/applications/lib/mailing-slot.ts';
import { cancelMailing } from '../../features/mailings/api/cancel-mailing.ts';
import { createMailing } from '../../features/mailings/api/create-mailing.ts';
import { RefusalMailField } from '../../features/mailings/components/refusal-mail-field.tsx';
import type { MemberMailingSlot } from '../../features/community/lib/member-mailing-slot.ts';
import type { ApplicantActionSlot } from '../../lib/applicant-action-slot.ts';
import { LazyMailingDialog, useCanMail } from './lazy-mailing-dialog.tsx';

/** The e-mail to an offer's (or the treatment list's) applications: list selection, board column. */
export function useApplicationMailing(): MailingSlot | undefined {
  if (!useCanMail()) return undefined;
  return (applications, onClose, all) => (
    <LazyMailingDialog
      recipients={applications.map((a) => ({
        applicantId: a.applicant_id,
        applicationId: a.id,
        name: applicantName(a),
        email: a.email,
      }))}
      selection={all}
      onClose={onClose}
    />
  );
}

/** The e-mail to applicants chosen outside an offer (a recruitment list, the sourcing search), or to all that match there. */
export function useApplicantsMailing(): ApplicantActionSlot | undefined {
  if (!useCanMail()) return undefined;
  return (applicants, onClose, all) => (
    <LazyMailingDialog
      recipients={applicants.map((a) => ({ applicantId: a.id, name: a.name }))}
      selection={all}
      onClose={onClose}
    />
  );
}

/** The e-mail to talent community members chosen on the community page (at their addresses). */
export function useMembersMailing(): MemberMailingSlot | undefined {
  if (!useCanMail()) return undefined;
  return (members, onClose) => (
    <LazyMailingDialog
      recipients={members.map((m) => ({ memberId: m.id, name: m.name, email: m.email }))}
      onClose={onClose}
    />
  );
}

/** The refusal e-mail of a status dialog: a refusal model written to the refused applications. */
export function useRefusalMail(): RefusalMailSlot | undefined {
  if (!useCanMail()) return undefined;
  return {
    field: (onChange) => (
      // Its namespace may still be on its way: only the field waits.
      <Suspense fallback={null}>
        <RefusalMailField onChange={onChange} />
      </Suspense>
    ),
    send: async (modelId, applicationIds, delaySeconds) => {
      const sendAt = delaySeconds ? new Date(Date.now() + delaySeconds * 1000).toISOString() : null;
      const mailing = await createMailing({
        input: {
          recipients: { application_ids: applicationIds, applicant_ids: [] },
          model_id: modelId,
          ...(sendAt ? { send_at: sendAt } : {}),
        },
      });
      return { id: mailing.id, total: mailing.total };
    },
    cancel: async (mailingId) => {
      await cancelMailing(mailingId);
    },
  };
}
