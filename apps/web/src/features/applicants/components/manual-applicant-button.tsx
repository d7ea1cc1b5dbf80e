import { useState } from 'react';
import { UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { ManualApplicantDialog } from './manual-applicant-dialog.tsx';

type Props = {
  projectId: number;
  offerId: number;
  /** The offer's project lets applicants join documents (spec 5): else the motivation field is hidden. */
  documentsEnabled?: boolean;
  onCreated: () => void;
};

/** "Add an applicant" for the offer's applications toolbar; the caller shows it only with project_application.add_manual. */
export function ManualApplicantButton({ projectId, offerId, documentsEnabled = true, onCreated }: Props) {
  const { t } = useTranslation('applicant');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <UserPlus aria-hidden="true" />
        {t('applicant:manual.open')}
      </Button>
      {open ? <ManualApplicantDialog projectId={projectId} offerId={offerId} documentsEnabled={documentsEnabled} onClose={() => setOpen(false)} onCreated={onCreated} /> : null}
    </>
  );
}
