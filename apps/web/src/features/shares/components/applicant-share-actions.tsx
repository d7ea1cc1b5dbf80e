import { useState } from 'react';
import { Forward, Link2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { ShareLinkDialog } from './share-link-dialog.tsx';
import { TransferDialog } from './transfer-dialog.tsx';

/** An application of the applicant's, as the applicant screen knows it. */
type ApplicationInView = { id: number; offer_id: number | null; job_position: string | null; spontaneous: boolean };

type Props = {
  applicant: { id: number; firstname: string; lastname: string };
  /** The application the screen is narrowed to (its offer's feed and job go with the transfer). */
  selected: ApplicationInView | null;
  /** The application in focus, which a link made on demand may open instead of the applicant alone. */
  focused: ApplicationInView | null;
  /** After a transfer or a new link (each writes an event in the applicant's feed). */
  onChanged?: () => void;
};

/** The applicant screen's "transfer by e-mail" and "share a link" buttons with their dialogs (project_application.transfer). */
export function ApplicantShareActions({ applicant, selected, focused, onChanged }: Props) {
  const { t } = useTranslation('applicant');
  const [open, setOpen] = useState<'transfer' | 'link' | null>(null);
  const name = `${applicant.firstname} ${applicant.lastname}`.trim();
  const jobOf = (application: ApplicationInView) => application.job_position ?? (application.spontaneous ? t('applicant:applications.spontaneous') : null);
  const focusedLabel = focused ? jobOf(focused) : null;
  return (
    <>
      <Button variant="outline" onClick={() => setOpen('transfer')}>
        <Forward aria-hidden="true" />
        {t('applicant:transfer.open')}
      </Button>
      <Button variant="outline" onClick={() => setOpen('link')}>
        <Link2 aria-hidden="true" />
        {t('applicant:share_link.open')}
      </Button>
      {open === 'transfer' ? (
        <TransferDialog
          target={{ kind: 'applicants', ids: [applicant.id], offerId: selected?.offer_id ?? null }}
          items={[{ name, jobPosition: selected?.offer_id ? selected.job_position : null }]}
          onClose={() => setOpen(null)}
          onSent={onChanged}
        />
      ) : null}
      {open === 'link' ? (
        <ShareLinkDialog
          applicantId={applicant.id}
          name={name}
          application={focused && focusedLabel ? { id: focused.id, label: focusedLabel } : null}
          onClose={() => setOpen(null)}
          onCreated={onChanged}
        />
      ) : null}
    </>
  );
}
