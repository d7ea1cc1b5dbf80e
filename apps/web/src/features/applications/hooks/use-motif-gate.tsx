import { useState, type ReactNode } from 'react';
import type { TApplicationItem, TStatus } from '@embauche/contracts/applications';
import { STATUS_IDS } from '@embauche/contracts/constants';
import { statusNeedsMotif, usePipelineLabels } from '../../../lib/pipeline/status-label.ts';
import { MotifDialog } from '../components/motif-dialog.tsx';
import { applicantName } from '../lib/applicant-name.ts';
import type { RefusalMailSlot } from '../lib/mailing-slot.ts';

/** `mailModelId`: the refusal model chosen in the dialog, to write once the change is made. */
type Run = (application: TApplicationItem, status: TStatus, motifId: number | null, mailModelId: number | null) => void;

/**
 * Asks for the motif before a refusal or withdrawal (and, on a refusal, whether to send the refusal
 * e-mail when `refusalMail` is given), then runs the change; other statuses run at once. Choosing
 * the status an application already has does nothing. Render `dialog`.
 */
export function useMotifGate(run: Run, refusalMail?: RefusalMailSlot) {
  const labels = usePipelineLabels();
  const [pending, setPending] = useState<{ application: TApplicationItem; status: TStatus } | null>(null);
  const [mailModelId, setMailModelId] = useState<number | null>(null);

  const request = (application: TApplicationItem, status: TStatus) => {
    if (status.id === application.status.id) return;
    setMailModelId(null);
    if (statusNeedsMotif(status.id)) setPending({ application, status });
    else run(application, status, null, null);
  };

  const refusing = pending?.status.id === STATUS_IDS.REFUSED && refusalMail !== undefined;
  const dialog: ReactNode = pending ? (
    <MotifDialog
      statusName={labels.statusLabel(pending.status)}
      statusId={pending.status.id}
      subject={applicantName(pending.application)}
      extra={refusing ? refusalMail.field(setMailModelId) : undefined}
      onCancel={() => setPending(null)}
      onConfirm={(motifId) => {
        setPending(null);
        run(pending.application, pending.status, motifId, refusing ? mailModelId : null);
      }}
    />
  ) : null;

  return { request, dialog };
}
