import { useState, type ReactNode } from 'react';
import { Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TApplicantDetail } from '@embauche/contracts/applicants';
import type { TApplicationOverview } from '../../features/applicants/api/get-applications-overview.ts';
import { Button } from '../../components/ui/button.tsx';
import { LazyMailingDialog, useCanMail } from './lazy-mailing-dialog.tsx';

type Props = {
  applicant: TApplicantDetail;
  focused: TApplicationOverview | null;
  onFinished?: () => void;
};

/**
 * The applicant screen's "send an e-mail" button. With an application in focus the e-mail is
 * about it (the offer's merge fields filled, in the preview as in the e-mail); without, about the
 * applicant alone.
 */
function ApplicantMailButton({ applicant, focused, onFinished }: Props) {
  const { t } = useTranslation('applicant');
  const [open, setOpen] = useState(false);
  const name = `${applicant.firstname} ${applicant.lastname}`.trim();
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Mail aria-hidden="true" />
        {t('applicant:mailing.open')}
      </Button>
      {open ? (
        <LazyMailingDialog
          recipients={[
            { applicantId: applicant.id, applicationId: focused?.id, name, email: applicant.email },
          ]}
          onClose={() => setOpen(false)}
          onFinished={onFinished}
        />
      ) : null}
    </>
  );
}

/** The applicant screen's e-mail action, for holders of project_application.email. */
export function useApplicantMailAction():
  | ((
      applicant: TApplicantDetail,
      focused: TApplicationOverview | null,
      onFinished?: () => void,
    ) => ReactNode)
  | undefined {
  if (!useCanMail()) return undefined;
  return (applicant, focused, onFinished) => (
    <ApplicantMailButton applicant={applicant} focused={focused} onFinished={onFinished} />
  );
}
