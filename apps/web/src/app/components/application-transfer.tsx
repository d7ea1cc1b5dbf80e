import { Suspense } from 'react';
import type { TApplicationItem } from '@embauche/contracts/applications';
import { applicantName } from '../../features/applications/lib/applicant-name.ts';
import type { TransferSlot } from '../../features/applications/lib/transfer-slot.ts';
import { TransferDialog } from '../../features/shares/components/transfer-dialog.tsx';
import { useCan } from '../session/use-current-user.ts';

type Props = { applications: TApplicationItem[]; onClose: (sent: boolean) => void };

function ApplicationTransferDialog({ applications, onClose }: Props) {
  return (
    // The dialog reads the applicant namespace, which the offer and treatment screens may not have
    // loaded yet: only the dialog waits for it, not the screen behind.
    <Suspense fallback={null}>
      <TransferDialog
        target={{ kind: 'applications', ids: applications.map((a) => a.id) }}
        items={applications.map((a) => ({ name: applicantName(a), jobPosition: a.job_position }))}
        onClose={() => onClose(false)}
        onSent={() => onClose(true)}
      />
    </Suspense>
  );
}

/** The applications' transfer by e-mail (list batch bar, board cards, treatment list), for holders of project_application.transfer. */
export function useApplicationTransfer(): TransferSlot | undefined {
  const can = useCan();
  if (!can('project_application.transfer')) return undefined;
  return (applications, onClose) => <ApplicationTransferDialog applications={applications} onClose={onClose} />;
}
