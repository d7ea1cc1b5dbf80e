import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, XAxis, YAxis } from 'recharts';
import type { TStatisticsOffersReport } from '@embauche/contracts/statistics';
import { CHART_COLORS } from '../lib/chart-colors.ts';
import { formatNumber } from '../lib/statistics-format.ts';
import type { DisplayTable } from './data-table-view.tsx';
import { ChartCard, type ExportFormat } from './chart-card.tsx';
import { chartState } from './chart-state.ts';
import { ComparisonArrow } from './comparison-arrow.tsx';

type Props = {
  query: UseQueryResult<TStatisticsOffersReport>;
  fileName: string;
  onExport: (table: DisplayTable, format: ExportFormat, title: string) => void;
  formats?: ExportFormat[];
};

/** The offers: open, published and in alert today; created and archived (by reason) in the period. */
export function OffersCard({ query, fileName, onExport, formats }: Props) {
  const { t, i18n } = useTranslation(['statistics', 'projects']);
  const lng = i18n.language;
  const current = query.data?.current;
  const previous = query.data?.previous ?? null;
  const reason = (value: string | null) =>
    value === null
      ? t('statistics:offers.no_reason')
      : t(`projects:archive.reasons.${value}`, { defaultValue: value });
  const count = (value: number | null | undefined) =>
    value === null || value === undefined ? '–' : formatNumber(value, lng);
  const figures = current
    ? [
        { key: 'open', label: t('statistics:offers.open'), value: current.open },
        { key: 'published', label: t('statistics:offers.published'), value: current.published },
        { key: 'in_alert', label: t('statistics:offers.in_alert'), value: current.in_alert },
        {
          key: 'created',
          label: t('statistics:offers.created'),
          value: current.created,
          previous: previous?.created ?? null,
        },
        {
          key: 'archived',
          label: t('statistics:offers.archived'),
          value: current.archived_total,
          previous: previous?.archived_total ?? null,
        },
      ]
    : [];
  const data = (current?.archived ?? []).map((row) => ({
    name: reason(row.reason),
    count: row.count,
  }));
  const table: DisplayTable | null = current
    ? {
        name: `${t('statistics:offers.file')}-${fileName}`,
        header: [t('statistics:offers.figure'), t('statistics:offers.count')],
        rows: [
          ...figures.map((figure) => [figure.label, figure.value]),
          ...(current.archived ?? []).map((row) => [
            t('statistics:offers.archived_for', { reason: reason(row.reason) }),
            row.count,
          ]),
        ],
        display: [
          ...figures.map((figure) => [figure.label, count(figure.value)]),
          ...(current.archived ?? []).map((row) => [
            t('statistics:offers.archived_for', { reason: reason(row.reason) }),
            count(row.count),
          ]),
        ],
      }
    : null;
  return (
    <ChartCard
      title={t('statistics:offers.title')}
      description={t('statistics:offers.description')}
      table={table}
      state={chartState(
        query,
        (report) =>
          report.current.open === 0 &&
          report.current.created === 0 &&
          report.current.archived_total === 0,
      )}
      onRetry={() => void query.refetch()}
      onExport={onExport}
      formats={formats}
    >
      <div className="flex flex-col gap-4">
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {figures.map((figure) => (
            <li key={figure.key} className="flex flex-col gap-0.5 rounded-lg bg-slate-50 px-3 py-2">
              <span className="text-xs text-slate-600">{figure.label}</span>
              <span className="text-xl font-semibold tabular-nums text-slate-900">
                {count(figure.value)}
              </span>
              {'previous' in figure ? (
                <ComparisonArrow
                  current={figure.value}
                  previous={figure.previous ?? null}
                  previousText={count(figure.previous)}
                  better={figure.key === 'created' ? 'up' : 'down'}
                />
              ) : null}
            </li>
          ))}
        </ul>
        {data.length ? (
          <ResponsiveContainer width="100%" height={Math.max(120, data.length * 36)}>
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
              <YAxis type="category" dataKey="name" width={140} tick={{ fontSize: 12 }} />
              <Bar
                dataKey="count"
                fill={CHART_COLORS[6]}
                radius={[0, 4, 4, 0]}
                isAnimationActive={false}
              />
            </BarChart>
          </ResponsiveContainer>
        ) : null}
      </div>
    </ChartCard>
  );
}
