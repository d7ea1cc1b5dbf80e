import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type {
  TStatisticsGranularity,
  TStatisticsVolumeReport,
} from '@embauche/contracts/statistics';
import { formatDate } from '../../../lib/dates.ts';
import { SERIES_COLORS } from '../lib/chart-colors.ts';
import { formatNumber } from '../lib/statistics-format.ts';
import type { DisplayTable } from './data-table-view.tsx';
import { ChartCard, type ExportFormat } from './chart-card.tsx';
import { chartState } from './chart-state.ts';

type Props = {
  query: UseQueryResult<TStatisticsVolumeReport>;
  fileName: string;
  onExport: (table: DisplayTable, format: ExportFormat, title: string) => void;
  formats?: ExportFormat[];
};

const SERIES = ['applications', 'hires', 'refusals', 'withdrawals'] as const;

/** A bucket's name: its day, "week of" its Monday, or its month. */
export function bucketLabel(
  start: string,
  granularity: TStatisticsGranularity,
  language: string,
  t: (key: string, options?: Record<string, unknown>) => string,
): string {
  if (granularity === 'month') return formatDate(start, 'month', language);
  if (granularity === 'week')
    return t('statistics:volume.week_of', { day: formatDate(start, 'date', language) });
  return formatDate(start, 'date', language);
}

/** Volume over time: applications, hires, refusals and withdrawals per day, week or month. */
export function VolumeCard({ query, fileName, onExport, formats }: Props) {
  const { t, i18n } = useTranslation('statistics');
  const lng = i18n.language;
  const volume = query.data?.current;
  const names = Object.fromEntries(
    SERIES.map((key) => [key, t(`statistics:volume.${key}`)]),
  ) as Record<(typeof SERIES)[number], string>;
  const data = (volume?.points ?? []).map((point) => ({
    ...point,
    label: volume ? bucketLabel(point.start, volume.granularity, lng, t) : point.start,
  }));
  const table: DisplayTable | null = volume
    ? {
        name: `${t('statistics:volume.file')}-${fileName}`,
        header: [
          t(`statistics:volume.period_${volume.granularity}`),
          ...SERIES.map((key) => names[key]),
        ],
        rows: data.map((point) => [point.start, ...SERIES.map((key) => point[key])]),
        display: data.map((point) => [
          point.label,
          ...SERIES.map((key) => formatNumber(point[key], lng)),
        ]),
      }
    : null;
  const total = volume ? SERIES.reduce((sum, key) => sum + volume.totals[key], 0) : 0;
  return (
    <ChartCard
      title={t('statistics:volume.title')}
      description={volume ? t(`statistics:volume.by_${volume.granularity}`) : undefined}
      table={table}
      state={chartState(query, () => total === 0)}
      onRetry={() => void query.refetch()}
      onExport={onExport}
      formats={formats}
    >
      <ResponsiveContainer width="100%" height={260}>
        <LineChart data={data} margin={{ left: 0, right: 16, top: 8 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} minTickGap={24} />
          <YAxis
            allowDecimals={false}
            width={40}
            tick={{ fontSize: 12 }}
            tickFormatter={(value: number) => formatNumber(value, lng)}
          />
          <Tooltip formatter={(value: unknown) => formatNumber(Number(value), lng)} />
          <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={null} />
          {SERIES.map((key) => (
            <Line
              key={key}
              type="monotone"
              dataKey={key}
              name={names[key]}
              stroke={SERIES_COLORS[key]}
              strokeWidth={2}
              dot={data.length <= 31 ? { r: 2 } : false}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
