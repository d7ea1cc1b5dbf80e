import { toast } from 'sonner';
import { useTranslation } from 'react-i18next';
import type { TApplicationItem, TStatus } from '@embauche/contracts/applications';
import { usePipelineLabels } from '../../../lib/pipeline/status-label.ts';
import { useChangeApplicationStatus } from '../api/change-application-status.ts';
import { applicantName } from '../lib/applicant-name.ts';
import { useMotifGate } from './use-motif-gate.tsx';

/**
 * One application's status change, from the board or a row's menu: a refusal or withdrawal asks
 * for its motif first; the change shows at once and a failure reloads the views with a toast.
 */
export function useStatusChange(projectId: number, offerId: number, onChanged?: () => void) {
  const { t } = useTranslation('application');
  const labels = usePipelineLabels();
  const mutation = useChangeApplicationStatus(projectId, offerId, onChanged);

  return useMotifGate((application: TApplicationItem, status: TStatus, motifId: number | null) => {
    const values = { name: applicantName(application), status: labels.statusLabel(status) };
    mutation.mutate(
      { application, status, motifId },
      {
        onSuccess: () => toast.success(t('application:status_change.done', values)),
        onError: () => toast.error(t('application:status_change.failed', values)),
      },
    );
  });
}
