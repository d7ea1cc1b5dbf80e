import { useTranslation } from 'react-i18next';
import { Printer } from 'lucide-react';
import { STATISTICS_MAX_DAYS } from '@embauche/contracts/statistics';
import { PageHeader } from '../../../components/page-header.tsx';
import { PhoneFilters } from '../../../components/phone-filters.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { errorStatus } from '../../../lib/api-error.ts';
import { useStatisticsOptions } from '../api/get-statistics-options.ts';
import { statisticsQuery, useStatisticsReport } from '../api/get-statistics-report.ts';
import { useChartExport } from '../hooks/use-chart-export.ts';
import { useStatisticsParams } from '../hooks/use-statistics-params.ts';
import { rangeLength } from '../lib/statistics-range.ts';
import { ActivityCard } from './activity-card.tsx';
import { FunnelCard } from './funnel-card.tsx';
import { KeyFigures } from './key-figures.tsx';
import { OffersCard } from './offers-card.tsx';
import { RefusalsCard } from './refusals-card.tsx';
import { SourcesCard } from './sources-card.tsx';
import { StatisticsFilters } from './statistics-filters.tsx';
import { StatisticsRangePicker } from './statistics-range-picker.tsx';
import { TimeInStatusCard } from './time-in-status-card.tsx';
import { VolumeCard } from './volume-card.tsx';
import './statistics-print.css';

type Props = {
  /** The project filter lists the projects' tree, which needs `project.list`. */
  canListProjects: boolean;
};

/**
 * `/stats`: the recruitment dashboard. The period and filters live in the URL; each chart has its
 * table (screen readers, keyboard, print) and exports it; "Export as PDF" prints the page.
 */
export function StatisticsPage({ canListProjects }: Props) {
  const { t } = useTranslation(['statistics', 'projects', 'config']);
  const options = useStatisticsOptions();
  const params = useStatisticsParams(options.data?.time_zone);
  const tooLong = rangeLength(params.range) > STATISTICS_MAX_DAYS;
  const query = statisticsQuery(params.range, params.filters);
  const funnel = useStatisticsReport('funnel', query, { enabled: !tooLong });
  const times = useStatisticsReport('times', query, { enabled: !tooLong });
  const sources = useStatisticsReport('sources', query, { enabled: !tooLong });
  const volume = useStatisticsReport('volume', query, { enabled: !tooLong });
  const offers = useStatisticsReport('offers', query, { enabled: !tooLong });
  const activity = useStatisticsReport('activity', query, { enabled: !tooLong });
  const onExport = useChartExport();
  const fileName = `${params.range.from}-${params.range.to}`;
  const cards = { fileName, onExport };
  // A project or offer the user does not see (or no longer exists) answers 404 for every report.
  const unknownFilter = errorStatus(funnel.error) === 404;
  const refreshing = [funnel, times, sources, volume, offers, activity].some(
    (q) => q.isFetching && !q.isPending,
  );
  return (
    <div className="statistics-print flex min-w-0 flex-col gap-4">
      <PageHeader
        title={t('statistics:title')}
        subtitle={t('statistics:subtitle')}
        actions={
          <Button variant="outline" onClick={() => window.print()} className="print:hidden">
            <Printer aria-hidden="true" />
            {t('statistics:export_pdf')}
          </Button>
        }
      />
      <div className="flex min-w-0 flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <StatisticsRangePicker params={params} />
        {tooLong ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {t('statistics:range.too_long', { count: STATISTICS_MAX_DAYS })}
          </p>
        ) : null}
        {/* Printed too: the PDF says which figures it shows. */}
        <PhoneFilters count={params.activeFilters}>
          <StatisticsFilters
            params={params}
            options={options.data}
            canListProjects={canListProjects}
          />
        </PhoneFilters>
      </div>
      {unknownFilter ? (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
        >
          <p>{t('statistics:filters.unknown')}</p>
          <Button variant="outline" size="sm" onClick={params.reset}>
            {t('statistics:filters.reset')}
          </Button>
        </div>
      ) : null}
      <p aria-live="polite" className="sr-only">
        {refreshing ? t('statistics:refreshing') : ''}
      </p>
      <div
        className={
          refreshing
            ? 'flex min-w-0 flex-col gap-4 opacity-70 transition-opacity'
            : 'flex min-w-0 flex-col gap-4'
        }
      >
        <KeyFigures funnel={funnel} times={times} volume={volume} />
        <div className="grid min-w-0 gap-4 xl:grid-cols-2">
          <FunnelCard query={funnel} {...cards} />
          <VolumeCard query={volume} {...cards} />
          <SourcesCard query={sources} {...cards} />
          <RefusalsCard query={funnel} {...cards} />
          <TimeInStatusCard query={times} {...cards} />
          <OffersCard query={offers} {...cards} />
          <ActivityCard query={activity} {...cards} />
        </div>
      </div>
    </div>
  );
}
