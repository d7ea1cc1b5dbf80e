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
import type { TStatisticsActivityReport } from '@embauche/contracts/statistics';
import { colorAt } from '../lib/chart-colors.ts';
import { formatNumber } from '../lib/statistics-format.ts';
import type { DisplayTable } from './data-table-view.tsx';
import { ChartCard, type ExportFormat } from './chart-card.tsx';
import { chartState } from './chart-state.ts';

type Props = {
  query: UseQueryResult<TStatisticsActivityReport>;
  fileName: string;
  onExport: (table: DisplayTable, format: ExportFormat, title: string) => void;
  formats?: ExportFormat[];
};

/** People drawn: the most active; the table lists everyone the server answered. */
const DRAWN = 10;

/** What each recruiter did in the period: status changes, comments, e-mails, SMS (and appointments with the planner). */
export function ActivityCard({ query, fileName, onExport, formats }: Props) {
  const { t, i18n } = useTranslation('statistics');
  const lng = i18n.language;
  const users = query.data?.current.users ?? [];
  const withAppointments =
    query.data?.current.totals.appointments !== null &&
    query.data?.current.totals.appointments !== undefined;
  const series = (
    [
      'status_changes',
      'comments',
      'emails',
      'sms',
      ...(withAppointments ? (['appointments'] as const) : []),
    ] as const
  ).map((key) => ({
    key,
    label: t(`statistics:activity.${key}`),
  }));
  const data = users
    .slice(0, DRAWN)
    .map((user) => ({ ...user, appointments: user.appointments ?? 0 }));
  const table: DisplayTable | null = query.data
    ? {
        name: `${t('statistics:activity.file')}-${fileName}`,
        header: [t('statistics:activity.user'), ...series.map((s) => s.label)],
        rows: users.map((user) => [user.name, ...series.map((s) => user[s.key])]),
        display: users.map((user) => [
          user.name,
          ...series.map((s) => (user[s.key] === null ? '–' : formatNumber(user[s.key] ?? 0, lng))),
        ]),
      }
    : null;
  return (
    <ChartCard
      title={t('statistics:activity.title')}
      description={
        users.length > DRAWN ? t('statistics:activity.drawn', { count: DRAWN }) : undefined
      }
      table={table}
      state={chartState(query, (report) => report.current.users.length === 0)}
      onRetry={() => void query.refetch()}
      onExport={onExport}
      formats={formats}
      className="xl:col-span-2"
    >
      <ResponsiveContainer width="100%" height={Math.max(180, data.length * 36 + 60)}>
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
          <YAxis type="category" dataKey="name" width={130} tick={{ fontSize: 12 }} />
          <Tooltip formatter={(value: unknown) => formatNumber(Number(value), lng)} />
          <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={null} />
          {series.map((s, index) => (
            <Bar
              key={s.key}
              dataKey={s.key}
              name={s.label}
              stackId="activity"
              fill={colorAt(index)}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
