import { Suspense } from 'react';
import { TransferDialog } from '../../features/shares/components/transfer-dialog.tsx';
import type { ApplicantActionSlot, ApplicantRef } from '../../lib/applicant-action-slot.ts';
import { useCan } from '../session/use-current-user.ts';

type Props = { applicants: ApplicantRef[]; onClose: (sent: boolean) => void };

function ListTransferDialog({ applicants, onClose }: Props) {
  return (
    // The dialog reads the applicant namespace, which the list page has not loaded: only the dialog waits.
    <Suspense fallback={null}>
      <TransferDialog
        target={{ kind: 'applicants', ids: applicants.map((a) => a.id), offerId: null }}
        items={applicants.map((a) => ({ name: a.name }))}
        onClose={() => onClose(false)}
        onSent={() => onClose(true)}
      />
    </Suspense>
  );
}

/** The transfer by e-mail of a recruitment list's applicants, for holders of project_application.transfer. */
export function useRecruitmentListTransfer(): ApplicantActionSlot | undefined {
  const can = useCan();
  if (!can('project_application.transfer')) return undefined;
  return (applicants, onClose) => <ListTransferDialog applicants={applicants} onClose={onClose} />;
}
