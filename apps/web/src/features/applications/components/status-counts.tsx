import { useTranslation } from 'react-i18next';
import { usePipelineLabels } from '../../../lib/pipeline/status-label.ts';
import type { TApplicationCounts } from '../api/get-application-counts.ts';

/** The count of each status in pipeline order (the board shows them in its column headers). */
export function StatusCounts({ counts }: { counts: TApplicationCounts }) {
  const { t } = useTranslation('application');
  const labels = usePipelineLabels();
  return (
    <ul aria-label={t('application:counts.by_status')} className="flex flex-wrap gap-2">
      {counts.statuses.map((status) => (
        <li key={status.id} className="inline-flex items-center gap-1.5 rounded-full border border-slate-200 bg-white px-3 py-1 text-xs text-slate-700">
          {labels.statusLabel(status)}
          <span className="font-semibold tabular-nums text-slate-900">{status.count}</span>
        </li>
      ))}
    </ul>
  );
}
