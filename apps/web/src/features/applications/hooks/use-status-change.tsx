import { toast } from 'sonner';
import { useTranslation } from 'react-i18next';
import type { TApplicationItem, TStatus } from '@embauche/contracts/applications';
import { showUndoToast } from '../../../components/ui/undo-toast.tsx';
import { usePipelineLabels } from '../../../lib/pipeline/status-label.ts';
import { changedItem, useChangeApplicationStatus } from '../api/change-application-status.ts';
import { applicantName } from '../lib/applicant-name.ts';
import type { RefusalMailSlot } from '../lib/mailing-slot.ts';
import { useStatusEvents } from '../lib/status-events.ts';
import { useMotifGate } from './use-motif-gate.tsx';

/** Seconds a single refusal's e-mail waits before it goes, so that "Undo" can still stop it. */
const REFUSAL_MAIL_DELAY_S = 30;

/**
 * One application's status change, from the board or a row's menu: a refusal or withdrawal asks
 * for its motif first; the change shows at once and a failure reloads the views with a toast.
 * The success toast offers "Undo" (3 s, kept while hovered or focused, placed off the page's
 * content: showUndoToast): the same call puts the previous status and motif back.
 */
export function useStatusChange(projectId: number, offerId: number, onChanged?: () => void, refusalMail?: RefusalMailSlot) {
  const { t } = useTranslation('application');
  const labels = usePipelineLabels();
  const mutation = useChangeApplicationStatus(projectId, offerId, onChanged);
  const statusEvents = useStatusEvents();

  const undo = (application: TApplicationItem, status: TStatus, motifId: number | null, mail: Promise<number | null>) => {
    const current = changedItem({ application, status, motifId });
    const previous: TStatus = { ...application.status, position: 0 };
    const values = { name: applicantName(application), status: labels.statusLabel(previous) };
    // The refusal e-mail waits REFUSAL_MAIL_DELAY_S: undone before, it is not sent.
    void mail.then((id) => (id !== null ? refusalMail?.cancel(id) : undefined)).catch(() => undefined);
    mutation.mutate(
      { application: current, status: previous, motifId: application.motif_id },
      {
        onSuccess: () => toast.success(t('application:status_change.undone', values)),
        onError: () => toast.error(t('application:status_change.failed', values)),
      },
    );
  };

  return useMotifGate((application: TApplicationItem, status: TStatus, motifId: number | null, mailModelId: number | null) => {
    const values = { name: applicantName(application), status: labels.statusLabel(status) };
    mutation.mutate(
      { application, status, motifId },
      {
        onSuccess: () => {
          statusEvents?.({ applications: [{ id: application.id, name: values.name }], statusId: status.id, previousStatusId: application.status.id });
          const mail =
            mailModelId !== null && refusalMail
              ? refusalMail.send(mailModelId, [application.id], REFUSAL_MAIL_DELAY_S).then(
                  (m) => m.id,
                  () => {
                    toast.error(t('application:status_change.mail_failed', values));
                    return null;
                  },
                )
              : Promise.resolve(null);
          showUndoToast({
            message:
              mailModelId !== null
                ? `${t('application:status_change.done', values)} ${t('application:status_change.mail_pending', { count: REFUSAL_MAIL_DELAY_S })}`
                : t('application:status_change.done', values),
            undoLabel: t('application:status_change.undo'),
            onUndo: () => undo(application, status, motifId, mail),
          });
        },
        onError: () => toast.error(t('application:status_change.failed', values)),
      },
    );
  }, refusalMail);
}
