import { useTranslation } from 'react-i18next';
import { STATUS_IDS, STATUSES_NEEDING_MOTIF } from '@embauche/contracts/constants';
import type { TSharedApplication } from '@embauche/contracts/shares';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { usePipelineLabels } from '../../../lib/pipeline/status-label.ts';

/** An application's link: the offer applied to, where the application stands, and since when. */
export function SharedApplicationCard({ application }: { application: TSharedApplication }) {
  const { t, i18n } = useTranslation(['shared']);
  const { statusLabel } = usePipelineLabels();
  return (
    <Card title={t('shared:view.application.title')}>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_minmax(0,1fr)] sm:gap-y-3">
        <dt className="text-slate-600">{t('shared:view.application.offer')}</dt>
        <dd className="mb-2 min-w-0 break-words font-medium text-slate-900 sm:mb-0">
          {application.job_position ?? t('shared:view.application.spontaneous')}
        </dd>
        <dt className="text-slate-600">{t('shared:view.application.status')}</dt>
        <dd className="mb-2 sm:mb-0">
          <Badge tone={application.status.id === STATUS_IDS.RECRUITED ? 'success' : STATUSES_NEEDING_MOTIF.includes(application.status.id) ? 'danger' : 'info'}>
            {statusLabel(application.status)}
          </Badge>
        </dd>
        <dt className="text-slate-600">{t('shared:view.application.applied_on')}</dt>
        <dd className="text-slate-900">{formatDate(application.created_at, 'long', i18n.language)}</dd>
      </dl>
    </Card>
  );
}
