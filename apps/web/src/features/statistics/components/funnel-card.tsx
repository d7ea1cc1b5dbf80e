import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import {
  Bar,
  BarChart,
  CartesianGrid,
  LabelList,
  ResponsiveContainer,
  XAxis,
  YAxis,
} from 'recharts';
import type { TStatisticsFunnelReport } from '@embauche/contracts/statistics';
import { SERIES_COLORS } from '../lib/chart-colors.ts';
import { useStatisticsLabels } from '../lib/statistics-labels.ts';
import { formatNumber, formatPercent } from '../lib/statistics-format.ts';
import type { DisplayTable } from './data-table-view.tsx';
import { ChartCard, type ExportFormat } from './chart-card.tsx';
import { chartState } from './chart-state.ts';

type Props = {
  query: UseQueryResult<TStatisticsFunnelReport>;
  fileName: string;
  onExport: (table: DisplayTable, format: ExportFormat, title: string) => void;
  formats?: ExportFormat[];
};

/** The funnel: how many applications of the period reached each step, and the conversion from the step before. */
export function FunnelCard({ query, fileName, onExport, formats }: Props) {
  const { t, i18n } = useTranslation('statistics');
  const labels = useStatisticsLabels();
  const lng = i18n.language;
  const report = query.data;
  const steps = report?.current.steps ?? [];
  const previous = new Map(
    (report?.previous?.steps ?? []).map((step) => [step.status.id, step.reached]),
  );
  const percent = (value: number | null) => (value === null ? '–' : formatPercent(value, lng));
  const data = steps.map((step) => ({
    name: labels.status(step.status),
    reached: step.reached,
    conversion: step.conversion,
  }));
  const table: DisplayTable | null = report
    ? {
        name: `${t('statistics:funnel.file')}-${fileName}`,
        header: [
          t('statistics:funnel.step'),
          t('statistics:funnel.reached'),
          t('statistics:funnel.conversion'),
          t('statistics:funnel.share'),
          t('statistics:funnel.previous_reached'),
        ],
        rows: steps.map((step) => [
          labels.status(step.status),
          step.reached,
          step.conversion,
          step.share,
          previous.get(step.status.id) ?? null,
        ]),
        display: steps.map((step) => {
          const before = previous.get(step.status.id);
          return [
            labels.status(step.status),
            formatNumber(step.reached, lng),
            percent(step.conversion),
            percent(step.share),
            before === undefined ? '–' : formatNumber(before, lng),
          ];
        }),
      }
    : null;
  return (
    <ChartCard
      title={t('statistics:funnel.title')}
      description={
        report
          ? t('statistics:funnel.description', {
              count: report.current.applications,
              formatted: formatNumber(report.current.applications, lng),
            })
          : undefined
      }
      table={table}
      state={chartState(query, (r) => r.current.applications === 0)}
      onRetry={() => void query.refetch()}
      onExport={onExport}
      formats={formats}
    >
      <ResponsiveContainer width="100%" height={Math.max(160, data.length * 44)}>
        <BarChart
          data={data}
          layout="vertical"
          margin={{ left: 8, right: 48 }}
          accessibilityLayer={false}
        >
          <CartesianGrid horizontal={false} strokeDasharray="3 3" />
          <XAxis
            type="number"
            allowDecimals={false}
            tickFormatter={(value: number) => formatNumber(value, lng)}
          />
          <YAxis type="category" dataKey="name" width={120} tick={{ fontSize: 12 }} />
          <Bar
            dataKey="reached"
            fill={SERIES_COLORS.applications}
            radius={[0, 4, 4, 0]}
            isAnimationActive={false}
          >
            <LabelList
              dataKey="reached"
              position="right"
              formatter={(value: unknown) => formatNumber(Number(value), lng)}
              className="fill-slate-700 text-xs"
            />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
