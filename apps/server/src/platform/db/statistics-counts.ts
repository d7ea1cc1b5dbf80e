import { STATUS_IDS } from '@embauche/contracts/constants';
import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Dialect } from './database.ts';
import { inIds } from './id-list.ts';
import type { DB } from './schema.ts';
import { STAT_METRICS, type CountRow } from './status-history.ts';

/** Which history rows count: the company's, on some offers or job boards, over some days. */
export type HistoryScope = {
  companyId?: number;
  /** Offers whose applications count (null: every offer). */
  offerIds?: number[] | null;
  /** Whether spontaneous applications (no offer) count (default: yes). */
  spontaneous?: boolean;
  /** Only spontaneous applications (what a user who may not see them does not count). */
  onlySpontaneous?: boolean;
  /** A job board, or `none` (applications without one). */
  jobboard?: number | 'none';
  /** Days (day numbers, both included) of the metric's own day (arrival or change). */
  days?: [number, number];
};

const m = STAT_METRICS;
/** Each metric: the day it counts on, its keys, the rows it counts (contributions() in SQL). */
const METRIC_SQL: Record<
  number,
  { day: string; a: string; b: string; where: string; total?: string }
> = {
  [m.SRC_APPLIED]: {
    day: 'applied_day',
    a: 'coalesce(jobboard_id, 0)',
    b: '0',
    where: 'from_status_id is null',
  },
  [m.REACHED]: { day: 'applied_day', a: 'to_status_id', b: '0', where: 'first_reach = 1' },
  [m.SRC_REACHED]: {
    day: 'applied_day',
    a: 'coalesce(jobboard_id, 0)',
    b: `case when first_interview = 1 then 0 else ${STATUS_IDS.RECRUITED} end`,
    where: `(first_interview = 1 or (first_reach = 1 and to_status_id = ${STATUS_IDS.RECRUITED}))`,
  },
  [m.EXIT_REFUSED]: {
    day: 'applied_day',
    a: 'coalesce(from_status_id, 0)',
    b: 'coalesce(motif_id, 0)',
    where: `to_status_id = ${STATUS_IDS.REFUSED}`,
  },
  [m.EXIT_WITHDRAWN]: {
    day: 'applied_day',
    a: 'coalesce(from_status_id, 0)',
    b: 'coalesce(motif_id, 0)',
    where: `to_status_id = ${STATUS_IDS.WITHDRAWN}`,
  },
  [m.ENTERED]: {
    day: 'changed_day',
    a: 'to_status_id',
    b: '0',
    where: 'from_status_id is not null',
  },
  [m.IN_STATUS]: {
    day: 'changed_day',
    a: 'from_status_id',
    b: '0',
    where: 'from_status_id is not null',
    total: 'coalesce(sum(in_status_s), 0)',
  },
  [m.HIRE_DAYS]: {
    day: 'changed_day',
    a: 'elapsed_s / 86400',
    b: '0',
    where: `to_status_id = ${STATUS_IDS.RECRUITED}`,
  },
  [m.FILL_DAYS]: {
    day: 'changed_day',
    a: 'fill_s / 86400',
    b: '0',
    where: 'fill_s is not null',
  },
  [m.ACTOR]: {
    day: 'changed_day',
    a: 'actor_id',
    b: '0',
    where: 'from_status_id is not null and actor_id is not null',
  },
};

/**
 * The daily sums computed from the history itself, for `metrics` under `scope`: what the
 * migration and the bench store, and what a filtered statistics call reads instead of the sums
 * (one `group by` per metric). The keys of an interaction of both conditions (a first interview
 * that is also a first hire) cannot happen: a status is one or the other.
 */
export function statisticsCountsSelect(
  dialect: Dialect,
  scope: HistoryScope,
  metrics: number[] = Object.values(STAT_METRICS),
): RawBuilder<CountRow> {
  const base: Expression<SqlBool>[] = [];
  if (scope.companyId !== undefined) base.push(sql<SqlBool>`company_id = ${scope.companyId}`);
  if (scope.onlySpontaneous) base.push(sql<SqlBool>`offer_id is null`);
  else if (scope.offerIds) {
    const on = inIds(dialect, sql.ref('offer_id'), scope.offerIds);
    base.push(scope.spontaneous === false ? on : sql<SqlBool>`(${on} or offer_id is null)`);
  } else if (scope.spontaneous === false) base.push(sql<SqlBool>`offer_id is not null`);
  if (scope.jobboard === 'none') base.push(sql<SqlBool>`jobboard_id is null`);
  else if (scope.jobboard !== undefined) base.push(sql<SqlBool>`jobboard_id = ${scope.jobboard}`);
  const parts = metrics.map((metric) => {
    const d = METRIC_SQL[metric]!;
    const where: Expression<SqlBool>[] = [...base, sql.raw<SqlBool>(d.where)];
    if (scope.days)
      where.push(sql<SqlBool>`${sql.ref(d.day)} between ${scope.days[0]} and ${scope.days[1]}`);
    return sql`select company_id, ${sql.ref(d.day)} as day, ${sql.lit(metric)} as metric,
      ${sql.raw(d.a)} as a, ${sql.raw(d.b)} as b, count(*) as n, ${sql.raw(d.total ?? '0')} as total
      from application_status_history where ${sql.join(where, sql` and `)}
      group by ${sql.raw(['company_id', d.day, d.a, d.b].filter((k) => !/^\d+$/.test(k)).join(', '))}`;
  });
  return sql<CountRow>`${sql.join(parts, sql` union all `)}`;
}

/** Rewrites the daily sums from the history (the migration, the bench, a company's rebuild). */
export async function rebuildStatisticsCounts(
  db: Kysely<DB> | Kysely<unknown>,
  dialect: Dialect,
  companyId?: number,
) {
  const scope = companyId === undefined ? {} : { companyId };
  if (companyId === undefined) await sql`delete from statistics_counts`.execute(db);
  else await sql`delete from statistics_counts where company_id = ${companyId}`.execute(db);
  await sql`insert into statistics_counts (company_id, day, metric, a, b, n, total)
    select company_id, day, metric, a, b, n, total from (${statisticsCountsSelect(dialect, scope)}) s`.execute(
    db,
  );
}
