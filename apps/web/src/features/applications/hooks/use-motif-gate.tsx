import { useState, type ReactNode } from 'react';
import type { TApplicationItem, TStatus } from '@embauche/contracts/applications';
import { statusNeedsMotif, usePipelineLabels } from '../../../lib/pipeline/status-label.ts';
import { MotifDialog } from '../components/motif-dialog.tsx';
import { applicantName } from '../lib/applicant-name.ts';

type Run = (application: TApplicationItem, status: TStatus, motifId: number | null) => void;

/**
 * Asks for the motif before a refusal or withdrawal, then runs the change; other statuses run at
 * once. Choosing the status an application already has does nothing. Render `dialog`.
 */
export function useMotifGate(run: Run) {
  const labels = usePipelineLabels();
  const [pending, setPending] = useState<{ application: TApplicationItem; status: TStatus } | null>(null);

  const request = (application: TApplicationItem, status: TStatus) => {
    if (status.id === application.status.id) return;
    if (statusNeedsMotif(status.id)) setPending({ application, status });
    else run(application, status, null);
  };

  const dialog: ReactNode = pending ? (
    <MotifDialog
      statusName={labels.statusLabel(pending.status)}
      statusId={pending.status.id}
      subject={applicantName(pending.application)}
      onCancel={() => setPending(null)}
      onConfirm={(motifId) => {
        setPending(null);
        run(pending.application, pending.status, motifId);
      }}
    />
  ) : null;

  return { request, dialog };
}
