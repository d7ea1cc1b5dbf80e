import { Suspense, type ReactNode } from 'react';
import type { TApplicantDetail } from '@embauche/contracts/applicants';
import type { TApplicationOverview } from '../../features/applicants/api/get-applications-overview.ts';
import { SmsConversationButton } from '../../features/sms/components/sms-conversation-button.tsx';
import { useCurrentUser } from '../session/use-current-user.ts';
import { canUseSms } from './sms-access.ts';

/**
 * The applicant screen's "SMS" button: the conversation with the applicant about the application in
 * focus. Undefined for users without the SMS feature or project_application.sms.
 */
export function useApplicantSmsAction(): ((applicant: TApplicantDetail, focused: TApplicationOverview | null) => ReactNode) | undefined {
  const me = useCurrentUser();
  if (!canUseSms(me)) return undefined;
  return (applicant, focused) => (
    // The button reads the sms namespace, which the applicant screen does not load: only it waits.
    <Suspense fallback={null}>
      <SmsConversationButton
        applicantId={applicant.id}
        applicationId={focused?.id ?? null}
        name={`${applicant.firstname} ${applicant.lastname}`.trim()}
        picture={applicant.img_src}
        jobPosition={focused?.job_position ?? null}
      />
    </Suspense>
  );
}
