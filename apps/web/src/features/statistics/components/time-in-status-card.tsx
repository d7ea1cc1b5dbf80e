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
import type { TStatisticsTimesReport } from '@embauche/contracts/statistics';
import { CHART_COLORS } from '../lib/chart-colors.ts';
import { useStatisticsLabels } from '../lib/statistics-labels.ts';
import { formatDays, formatNumber } from '../lib/statistics-format.ts';
import type { DisplayTable } from './data-table-view.tsx';
import { ChartCard, type ExportFormat } from './chart-card.tsx';
import { chartState } from './chart-state.ts';

type Props = {
  query: UseQueryResult<TStatisticsTimesReport>;
  fileName: string;
  onExport: (table: DisplayTable, format: ExportFormat, title: string) => void;
  formats?: ExportFormat[];
};

/** How long applications stay in each status before moving on (average days), with the previous period in the table. */
export function TimeInStatusCard({ query, fileName, onExport, formats }: Props) {
  const { t, i18n } = useTranslation('statistics');
  const labels = useStatisticsLabels();
  const lng = i18n.language;
  const rows = query.data?.current.in_status ?? [];
  const previous = new Map(
    (query.data?.previous?.in_status ?? []).map((row) => [row.status.id, row.average_days]),
  );
  const days = (value: number | null | undefined) =>
    value === null || value === undefined ? '–' : formatDays(value, lng);
  const data = rows.map((row) => ({
    name: labels.status(row.status),
    days: row.average_days ?? 0,
  }));
  const table: DisplayTable | null = query.data
    ? {
        name: `${t('statistics:in_status.file')}-${fileName}`,
        header: [
          t('statistics:in_status.status'),
          t('statistics:in_status.average'),
          t('statistics:in_status.count'),
          t('statistics:in_status.previous_average'),
        ],
        rows: rows.map((row) => [
          labels.status(row.status),
          row.average_days,
          row.count,
          previous.get(row.status.id) ?? null,
        ]),
        display: rows.map((row) => [
          labels.status(row.status),
          days(row.average_days),
          formatNumber(row.count, lng),
          days(previous.get(row.status.id)),
        ]),
      }
    : null;
  return (
    <ChartCard
      title={t('statistics:in_status.title')}
      description={t('statistics:in_status.description')}
      table={table}
      state={chartState(query, (report) =>
        report.current.in_status.every((row) => row.count === 0),
      )}
      onRetry={() => void query.refetch()}
      onExport={onExport}
      formats={formats}
    >
      <ResponsiveContainer width="100%" height={Math.max(160, data.length * 40)}>
        <BarChart
          data={data}
          layout="vertical"
          margin={{ left: 8, right: 72 }}
          accessibilityLayer={false}
        >
          <CartesianGrid horizontal={false} strokeDasharray="3 3" />
          <XAxis
            type="number"
            tick={{ fontSize: 12 }}
            tickFormatter={(value: number) => formatNumber(value, lng)}
          />
          <YAxis type="category" dataKey="name" width={120} tick={{ fontSize: 12 }} />
          <Bar
            dataKey="days"
            fill={CHART_COLORS[5]}
            radius={[0, 4, 4, 0]}
            isAnimationActive={false}
          >
            <LabelList
              dataKey="days"
              position="right"
              formatter={(value: unknown) => days(Number(value))}
              className="fill-slate-700 text-xs"
            />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
