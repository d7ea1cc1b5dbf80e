import { STATUS_IDS } from '@embauche/contracts/constants';
import type {
  TStatisticsDuration,
  TStatisticsExit,
  TStatisticsFunnel,
  TStatisticsGranularity,
  TStatisticsMotif,
  TStatisticsPeriod,
  TStatisticsSource,
  TStatisticsStatus,
  TStatisticsVolumePoint,
} from '@embauche/contracts/statistics';
import { dayString, STAT_METRICS } from '../../platform/db/status-history.ts';

/** A daily sum as the repository reads it (from the sums or from the history). */
export type DayCount = {
  day: number;
  metric: number;
  a: number;
  b: number;
  n: number;
  total: number;
};
export type Names = {
  statuses: TStatisticsStatus[];
  motifs: Map<number, TStatisticsMotif>;
  boards: Map<number, string>;
};

const m = STAT_METRICS;
const DAY_S = 86_400;

/** Sums n (and total) of the rows of `metric`, by `key` of the row. */
function sumBy(rows: DayCount[], metric: number, key: (r: DayCount) => string | number) {
  const out = new Map<string | number, { n: number; total: number }>();
  for (const r of rows) {
    if (r.metric !== metric) continue;
    const k = key(r);
    const seen = out.get(k);
    if (seen) {
      seen.n += r.n;
      seen.total += r.total;
    } else out.set(k, { n: r.n, total: r.total });
  }
  return out;
}

const ratio = (x: number, y: number) => (y > 0 ? x / y : null);

/** The funnel of a period: arrivals, the workflow's steps reached, exits by motif at each step. */
export function funnel(
  period: TStatisticsPeriod,
  rows: DayCount[],
  names: Names,
): TStatisticsFunnel {
  const arrivals = [...sumBy(rows, m.SRC_APPLIED, () => 0).values()][0]?.n ?? 0;
  const reached = sumBy(rows, m.REACHED, (r) => r.a);
  const exits = new Map<number, TStatisticsExit[]>();
  const stepIds = names.statuses
    .map((s) => s.id)
    .filter((id) => id !== STATUS_IDS.REFUSED && id !== STATUS_IDS.WITHDRAWN);
  const first = stepIds[0] ?? STATUS_IDS.NEW;
  for (const [metric, kind] of [
    [m.EXIT_REFUSED, 'refused'],
    [m.EXIT_WITHDRAWN, 'withdrawn'],
  ] as const) {
    for (const [key, v] of sumBy(rows, metric, (r) => `${r.a}:${r.b}`)) {
      const [a, b] = String(key).split(':').map(Number) as [number, number];
      // Refused on arrival (an import at that status): at the first step.
      const step = a === 0 ? first : a;
      const list = exits.get(step) ?? [];
      list.push({ kind, motif: motifOf(names, b), count: v.n });
      exits.set(step, list);
    }
  }
  // The company's statuses in order; one outside every workflow shows when it was reached.
  const known = new Set(names.statuses.map((s) => s.id));
  const extra = [...reached.keys()]
    .map(Number)
    .filter((id) => !known.has(id) && id !== STATUS_IDS.REFUSED && id !== STATUS_IDS.WITHDRAWN);
  const statuses = [
    ...names.statuses.filter((s) => stepIds.includes(s.id)),
    ...extra.map((id) => unknownStatus(id)),
  ];
  let previous: number | null = null;
  const steps = statuses.map((status) => {
    const n = reached.get(status.id)?.n ?? 0;
    const step = {
      status,
      reached: n,
      conversion: previous === null ? null : ratio(n, previous),
      share: ratio(n, arrivals),
      exits: (exits.get(status.id) ?? []).sort((x, y) => y.count - x.count),
    };
    previous = n;
    return step;
  });
  return {
    period,
    applications: arrivals,
    steps,
    refused: reached.get(STATUS_IDS.REFUSED)?.n ?? 0,
    withdrawn: reached.get(STATUS_IDS.WITHDRAWN)?.n ?? 0,
  };
}

function unknownStatus(id: number): TStatisticsStatus {
  return { id, name: String(id), default_status: false, label: null, color: null };
}

function motifOf(names: Names, id: number): TStatisticsMotif {
  if (id === 0) return { id: null, name: null, default_motif: false, label: null };
  return names.motifs.get(id) ?? { id, name: String(id), default_motif: false, label: null };
}

/**
 * Median and 90th percentile (nearest rank) of a histogram of whole days (`metric`'s a: days,
 * rounded down): durations at a day's resolution.
 */
export function duration(rows: DayCount[], metric: number): TStatisticsDuration {
  const byDays = [...sumBy(rows, metric, (r) => r.a)]
    .map(([days, v]) => [Number(days), v.n] as const)
    .filter(([, n]) => n > 0)
    .sort((x, y) => x[0] - y[0]);
  const count = byDays.reduce((s, [, n]) => s + n, 0);
  if (!count) return { count: 0, median_days: null, p90_days: null };
  const rank = (p: number) => {
    const wanted = Math.max(1, Math.ceil(p * count));
    let seen = 0;
    for (const [days, n] of byDays) {
      seen += n;
      if (seen >= wanted) return days;
    }
    return byDays[byDays.length - 1]![0];
  };
  return { count, median_days: rank(0.5), p90_days: rank(0.9) };
}

/** Average days spent in each status left in the period, in the company's status order. */
export function inStatus(rows: DayCount[], names: Names) {
  const sums = sumBy(rows, m.IN_STATUS, (r) => r.a);
  const order = new Map(names.statuses.map((s, i) => [s.id, i]));
  return [...sums.entries()]
    .map(([id, v]) => ({
      status: names.statuses.find((s) => s.id === id) ?? unknownStatus(Number(id)),
      count: v.n,
      average_days: v.n ? Math.round((v.total / v.n / DAY_S) * 10) / 10 : null,
    }))
    .sort((x, y) => (order.get(x.status.id) ?? 999) - (order.get(y.status.id) ?? 999));
}

/** Applications, interviews and hires per job board (0: none), most applications first. */
export function sources(rows: DayCount[], names: Names): TStatisticsSource[] {
  const applied = sumBy(rows, m.SRC_APPLIED, (r) => r.a);
  const reached = sumBy(rows, m.SRC_REACHED, (r) => `${r.a}:${r.b}`);
  const boards = new Set<number>([
    ...[...applied.keys()].map(Number),
    ...[...reached.keys()].map((k) => Number(String(k).split(':')[0])),
  ]);
  return [...boards]
    .map((board) => {
      const applications = applied.get(board)?.n ?? 0;
      const hires = reached.get(`${board}:${STATUS_IDS.RECRUITED}`)?.n ?? 0;
      return {
        jobboard_id: board === 0 ? null : board,
        name: board === 0 ? null : (names.boards.get(board) ?? null),
        applications,
        interviews: reached.get(`${board}:0`)?.n ?? 0,
        hires,
        conversion: ratio(hires, applications),
        cost_per_hire: null,
      };
    })
    .sort((x, y) => y.applications - x.applications || y.hires - x.hires);
}

/** The first day (day number) of the bucket holding `day`. */
function bucketStart(day: number, g: TStatisticsGranularity): number {
  if (g === 'day') return day;
  if (g === 'week') return day - ((new Date(day * DAY_S * 1000).getUTCDay() + 6) % 7);
  const d = new Date(day * DAY_S * 1000);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / (DAY_S * 1000);
}

/** Applications, hires, refusals and withdrawals per bucket of the period (every bucket). */
export function volume(from: number, to: number, g: TStatisticsGranularity, rows: DayCount[]) {
  const points = new Map<number, TStatisticsVolumePoint>();
  for (let d = from; d <= to; d++) {
    const b = Math.max(from, bucketStart(d, g));
    if (!points.has(b))
      points.set(b, {
        start: dayString(b),
        applications: 0,
        hires: 0,
        refusals: 0,
        withdrawals: 0,
      });
  }
  const at = (day: number) => points.get(Math.max(from, bucketStart(day, g)));
  for (const r of rows) {
    if (r.day < from || r.day > to) continue;
    const p = at(r.day);
    if (!p) continue;
    if (r.metric === m.SRC_APPLIED) p.applications += r.n;
    else if (r.metric === m.ENTERED && r.a === STATUS_IDS.RECRUITED) p.hires += r.n;
    else if (r.metric === m.ENTERED && r.a === STATUS_IDS.REFUSED) p.refusals += r.n;
    else if (r.metric === m.ENTERED && r.a === STATUS_IDS.WITHDRAWN) p.withdrawals += r.n;
  }
  const list = [...points.values()];
  const totals = { applications: 0, hires: 0, refusals: 0, withdrawals: 0 };
  for (const p of list) {
    totals.applications += p.applications;
    totals.hires += p.hires;
    totals.refusals += p.refusals;
    totals.withdrawals += p.withdrawals;
  }
  return { points: list, totals };
}

/** Status changes per user (ACTOR sums). */
export function statusChangesByUser(rows: DayCount[]): Map<number, number> {
  return new Map([...sumBy(rows, m.ACTOR, (r) => r.a)].map(([k, v]) => [Number(k), v.n]));
}
