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
import type { TStatisticsFunnelReport } from '@embauche/contracts/statistics';
import { colorAt } from '../lib/chart-colors.ts';
import { useStatisticsLabels } from '../lib/statistics-labels.ts';
import { formatNumber } from '../lib/statistics-format.ts';
import type { DisplayTable } from './data-table-view.tsx';
import { ChartCard, type ExportFormat } from './chart-card.tsx';
import { chartState } from './chart-state.ts';

type Props = {
  query: UseQueryResult<TStatisticsFunnelReport>;
  fileName: string;
  onExport: (table: DisplayTable, format: ExportFormat, title: string) => void;
  formats?: ExportFormat[];
};

/** Motifs drawn with their own colour; the rest are summed as "other motifs" (the table keeps them all). */
const DRAWN = 6;

/**
 * Where applications leave the funnel: per step, the refusals and withdrawals stacked by motif
 * ("Refused – Profile not suited"). The table has one row per step and motif.
 */
export function RefusalsCard({ query, fileName, onExport, formats }: Props) {
  const { t, i18n } = useTranslation('statistics');
  const labels = useStatisticsLabels();
  const lng = i18n.language;
  const steps = (query.data?.current.steps ?? []).filter((step) => step.exits.length > 0);
  const exitName = (kind: 'refused' | 'withdrawn', motif: string) =>
    t(`statistics:refusals.${kind}_motif`, { motif });
  // Motifs by their total, largest first: the first DRAWN get a colour.
  const totals = new Map<string, number>();
  for (const step of steps)
    for (const exit of step.exits) {
      const key = exitName(exit.kind, labels.motif(exit.motif));
      totals.set(key, (totals.get(key) ?? 0) + exit.count);
    }
  const ranked = [...totals.entries()].sort((a, b) => b[1] - a[1]).map(([key]) => key);
  const drawn = ranked.slice(0, DRAWN);
  const other = t('statistics:refusals.other_motifs');
  const keys = ranked.length > DRAWN ? [...drawn, other] : drawn;
  const data = steps.map((step) => {
    const row: Record<string, string | number> = { name: labels.status(step.status) };
    for (const exit of step.exits) {
      const key = exitName(exit.kind, labels.motif(exit.motif));
      // Series are keyed by their rank: a motif's name may hold a dot, which recharts reads as a path.
      const slot = `s${drawn.includes(key) ? drawn.indexOf(key) : DRAWN}`;
      row[slot] = Number(row[slot] ?? 0) + exit.count;
    }
    return row;
  });
  const rows = steps.flatMap((step) =>
    step.exits.map((exit) => ({
      step: labels.status(step.status),
      kind: t(`statistics:refusals.kind_${exit.kind}`),
      motif: labels.motif(exit.motif),
      count: exit.count,
    })),
  );
  const table: DisplayTable | null = query.data
    ? {
        name: `${t('statistics:refusals.file')}-${fileName}`,
        header: [
          t('statistics:refusals.step'),
          t('statistics:refusals.kind'),
          t('statistics:refusals.motif'),
          t('statistics:refusals.count'),
        ],
        rows: rows.map((row) => [row.step, row.kind, row.motif, row.count]),
        display: rows.map((row) => [row.step, row.kind, row.motif, formatNumber(row.count, lng)]),
      }
    : null;
  return (
    <ChartCard
      title={t('statistics:refusals.title')}
      description={
        query.data
          ? t('statistics:refusals.description', {
              refused: formatNumber(query.data.current.refused, lng),
              withdrawn: formatNumber(query.data.current.withdrawn, lng),
            })
          : undefined
      }
      table={table}
      state={chartState(query, () => rows.length === 0)}
      onRetry={() => void query.refetch()}
      onExport={onExport}
      formats={formats}
    >
      <ResponsiveContainer width="100%" height={Math.max(200, data.length * 44 + 80)}>
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
          <YAxis type="category" dataKey="name" width={120} tick={{ fontSize: 12 }} />
          <Tooltip formatter={(value: unknown) => formatNumber(Number(value), lng)} />
          <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={null} />
          {keys.map((key, index) => (
            <Bar
              key={key}
              dataKey={`s${key === other ? DRAWN : index}`}
              name={key}
              stackId="exits"
              fill={key === other ? '#94a3b8' : colorAt(index + 2)}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
