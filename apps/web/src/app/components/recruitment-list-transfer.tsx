import { Suspense } from 'react';
import { TransferDialog } from '../../features/shares/components/transfer-dialog.tsx';
import type { ApplicantActionSlot, ApplicantRef, ApplicantSelectionTarget } from '../../lib/applicant-action-slot.ts';
import { useCan } from '../session/use-current-user.ts';

type Props = { applicants: ApplicantRef[]; all?: ApplicantSelectionTarget | undefined; onClose: (sent: boolean) => void };

function ListTransferDialog({ applicants, all, onClose }: Props) {
  return (
    // The dialog reads the applicant namespace, which the list page has not loaded: only the dialog waits.
    <Suspense fallback={null}>
      <TransferDialog
        target={
          all
            ? { kind: 'applicant_selection', selection: all.applicantSelection, count: all.count }
            : { kind: 'applicants', ids: applicants.map((a) => a.id), offerId: null }
        }
        items={applicants.map((a) => ({ name: a.name }))}
        onClose={() => onClose(false)}
        onSent={() => onClose(true)}
      />
    </Suspense>
  );
}

/**
 * The transfer by e-mail of a recruitment list's applicants, for holders of
 * project_application.transfer; in "all that match" mode, the list's whole set (issue 42 part 2).
 */
export function useRecruitmentListTransfer(): ApplicantActionSlot | undefined {
  const can = useCan();
  if (!can('project_application.transfer')) return undefined;
  return (applicants, onClose, all) => <ListTransferDialog applicants={applicants} all={all} onClose={onClose} />;
}
