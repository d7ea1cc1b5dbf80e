import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { TStatisticsSourcesReport } from '@embauche/contracts/statistics';
import { SERIES_COLORS } from '../lib/chart-colors.ts';
import { formatMoney, formatNumber, formatPercent } from '../lib/statistics-format.ts';
import type { DisplayTable } from './data-table-view.tsx';
import { ChartCard, type ExportFormat } from './chart-card.tsx';
import { chartState } from './chart-state.ts';

type Props = {
  query: UseQueryResult<TStatisticsSourcesReport>;
  fileName: string;
  onExport: (table: DisplayTable, format: ExportFormat, title: string) => void;
  formats?: ExportFormat[];
};

/** Sources drawn: the first ones; the table lists them all. */
const DRAWN = 8;

/**
 * Where applications come from: per job board (or none), a bar split into the applications that
 * were hired, interviewed but not hired, and the rest; the table adds conversion and cost per hire.
 */
export function SourcesCard({ query, fileName, onExport, formats }: Props) {
  const { t, i18n } = useTranslation('statistics');
  const lng = i18n.language;
  const sources = query.data?.current.sources ?? [];
  const name = (source: (typeof sources)[number]) =>
    source.jobboard_id === null
      ? t('statistics:sources.none')
      : (source.name ?? t('statistics:sources.unnamed'));
  const series = {
    hired: t('statistics:sources.hired'),
    interviewed: t('statistics:sources.interviewed'),
    other: t('statistics:sources.other'),
  };
  const data = sources.slice(0, DRAWN).map((source) => ({
    name: name(source),
    hired: source.hires,
    interviewed: Math.max(0, source.interviews - source.hires),
    other: Math.max(0, source.applications - Math.max(source.interviews, source.hires)),
  }));
  const table: DisplayTable | null = query.data
    ? {
        name: `${t('statistics:sources.file')}-${fileName}`,
        header: [
          t('statistics:sources.source'),
          t('statistics:sources.applications'),
          t('statistics:sources.interviews'),
          t('statistics:sources.hires'),
          t('statistics:sources.conversion'),
          t('statistics:sources.cost_per_hire'),
        ],
        rows: sources.map((source) => [
          name(source),
          source.applications,
          source.interviews,
          source.hires,
          source.conversion,
          source.cost_per_hire,
        ]),
        display: sources.map((source) => [
          name(source),
          formatNumber(source.applications, lng),
          formatNumber(source.interviews, lng),
          formatNumber(source.hires, lng),
          source.conversion === null ? '–' : formatPercent(source.conversion, lng),
          source.cost_per_hire === null ? '–' : formatMoney(source.cost_per_hire, lng),
        ]),
      }
    : null;
  return (
    <ChartCard
      title={t('statistics:sources.title')}
      description={
        sources.length > DRAWN ? t('statistics:sources.drawn', { count: DRAWN }) : undefined
      }
      table={table}
      state={chartState(query, (report) =>
        report.current.sources.every((source) => source.applications === 0),
      )}
      onRetry={() => void query.refetch()}
      onExport={onExport}
      formats={formats}
    >
      <ResponsiveContainer width="100%" height={Math.max(180, data.length * 40 + 60)}>
        <BarChart
          data={data}
          layout="vertical"
          margin={{ left: 8, right: 16 }}
          accessibilityLayer={false}
        >
          <CartesianGrid horizontal={false} strokeDasharray="3 3" />
          <XAxis
            type="number"
            allowDecimals={false}
            tick={{ fontSize: 12 }}
            tickFormatter={(value: number) => formatNumber(value, lng)}
          />
          <YAxis type="category" dataKey="name" width={110} tick={{ fontSize: 12 }} />
          <Tooltip formatter={(value: unknown) => formatNumber(Number(value), lng)} />
          <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={null} />
          <Bar
            dataKey="hired"
            name={series.hired}
            stackId="source"
            fill={SERIES_COLORS.hires}
            isAnimationActive={false}
          />
          <Bar
            dataKey="interviewed"
            name={series.interviewed}
            stackId="source"
            fill={SERIES_COLORS.interviews}
            isAnimationActive={false}
          />
          <Bar
            dataKey="other"
            name={series.other}
            stackId="source"
            fill="#94a3b8"
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
