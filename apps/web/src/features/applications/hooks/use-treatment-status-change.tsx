import { toast } from 'sonner';
import { useTranslation } from 'react-i18next';
import type { TApplicationItem, TStatus } from '@embauche/contracts/applications';
import { usePipelineLabels } from '../../../lib/pipeline/status-label.ts';
import { useChangeApplicationStatuses, type BulkScope } from '../api/change-application-statuses.ts';
import { applicantName } from '../lib/applicant-name.ts';
import type { RefusalMailSlot } from '../lib/mailing-slot.ts';
import { useStatusEvents } from '../lib/status-events.ts';
import { useMotifGate } from './use-motif-gate.tsx';

/** A treatment row's own status change, through the bulk call with one item (spontaneous ones have no offer route). */
export function useTreatmentStatusChange(scope: BulkScope, onChanged?: () => void, refusalMail?: RefusalMailSlot) {
  const { t } = useTranslation('application');
  const labels = usePipelineLabels();
  const mutation = useChangeApplicationStatuses(scope, onChanged);
  const statusEvents = useStatusEvents();

  const gate = useMotifGate((application: TApplicationItem, status: TStatus, motifId: number | null, mailModelId: number | null) => {
    const values = { name: applicantName(application), status: labels.statusLabel(status) };
    mutation.mutate([{ application_id: application.id, status_id: status.id, motif_id: motifId }], {
      onSuccess: (result) => {
        if (!result.changed.length) return toast.error(t('application:status_change.failed', values));
        toast.success(t('application:status_change.done', values));
        statusEvents?.({ applications: [{ id: application.id, name: values.name }], statusId: status.id, previousStatusId: application.status.id });
        // No undo here: the refusal e-mail goes at once.
        if (mailModelId !== null && refusalMail)
          refusalMail.send(mailModelId, result.changed).catch(() => toast.error(t('application:status_change.mail_failed', values)));
      },
      onError: () => toast.error(t('application:status_change.failed', values)),
    });
  }, refusalMail);
  return { ...gate, mutation };
}
