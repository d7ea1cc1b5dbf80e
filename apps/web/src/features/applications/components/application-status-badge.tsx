import type { TApplicationItem } from '@embauche/contracts/applications';
import { STATUS_IDS } from '@embauche/contracts/constants';
import { Badge } from '../../../components/ui/badge.tsx';
import { usePipelineLabels } from '../../../lib/pipeline/status-label.ts';

const TONES: Record<number, 'info' | 'success' | 'danger' | 'warning'> = {
  [STATUS_IDS.NEW]: 'info',
  [STATUS_IDS.OFFER_SENT]: 'warning',
  [STATUS_IDS.RECRUITED]: 'success',
  [STATUS_IDS.REFUSED]: 'danger',
  [STATUS_IDS.WITHDRAWN]: 'danger',
};

/** The application's status, translated when it is a default one; a refusal shows its motif. */
export function ApplicationStatusBadge({ application }: { application: TApplicationItem }) {
  const labels = usePipelineLabels();
  const { status } = application;
  return (
    <Badge tone={TONES[status.id] ?? 'neutral'} title={application.motif_name ?? undefined}>
      {labels.statusLabel(status)}
    </Badge>
  );
}
