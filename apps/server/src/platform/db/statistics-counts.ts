import { STATUS_IDS } from '@embauche/contracts/constants';
import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Dialect } from './database.ts';
import { inIds } from './id-list.ts';
import type { DB } from './schema.ts';
import {
  STAT_METRICS,
  SUMS_KINDS,
  SUMS_TABLES,
  type CountRow,
  type SumsKind,
} from './status-history.ts';

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

/** Each offer's groups (offerGroupKeys in status-history.ts), joined to the history by `by: 'group'`. */
const GROUPS_OF_OFFERS = `select id, 'p:' || project_id as grp from offers
  union all select id, 's:' || subsidiary_id from offers where subsidiary_id is not null
  union all select id, 'c:' || contract_type from offers where contract_type is not null`;
/**
 * The keys of `statistics_group_counts` from the history: its offer's groups, and the same groups
 * and the offer itself (`o:0` none) on the row's job board (onBoard in status-history.ts).
 */
const GROUP_KEYS = [
  { key: 'g.grp', join: `join (${GROUPS_OF_OFFERS}) g on g.id = offer_id` },
  {
    key: `coalesce(g.grp, 'o:0') || '@' || coalesce(jobboard_id, 0)`,
    join: `left join (${GROUPS_OF_OFFERS} union all select id, 'o:' || id from offers) g on g.id = offer_id`,
  },
];

/** The key column `k` of each table of sums, from the history, and what it joins. */
const KIND_KEYS: Record<SumsKind, { key: string | null; join?: string }[]> = {
  company: [{ key: null }],
  offer: [{ key: 'coalesce(offer_id, 0)' }],
  board: [{ key: 'coalesce(jobboard_id, 0)' }],
  group: GROUP_KEYS,
};

/**
 * The daily sums computed from the history itself, for `metrics` under `scope`: what the
 * migrations, the bench and a rebuild store (and the tests compare the calls' reads with). One `group by` per metric; `by` adds
 * the key of the per-offer or per-job-board sums as `k`. The keys of an interaction of both
 * conditions (a first interview that is also a first hire) cannot happen: a status is one or the
 * other.
 */
export function statisticsCountsSelect(
  dialect: Dialect,
  scope: HistoryScope,
  metrics: number[] = Object.values(STAT_METRICS),
  by: SumsKind = 'company',
): RawBuilder<CountRow & { k?: number }> {
  const base: Expression<SqlBool>[] = [];
  if (scope.companyId !== undefined) base.push(sql<SqlBool>`company_id = ${scope.companyId}`);
  if (scope.onlySpontaneous) base.push(sql<SqlBool>`offer_id is null`);
  else if (scope.offerIds) {
    const on = inIds(dialect, sql.ref('offer_id'), scope.offerIds);
    base.push(scope.spontaneous === false ? on : sql<SqlBool>`(${on} or offer_id is null)`);
  } else if (scope.spontaneous === false) base.push(sql<SqlBool>`offer_id is not null`);
  if (scope.jobboard === 'none') base.push(sql<SqlBool>`jobboard_id is null`);
  else if (scope.jobboard !== undefined) base.push(sql<SqlBool>`jobboard_id = ${scope.jobboard}`);
  const parts = metrics.flatMap((metric) => {
    const d = METRIC_SQL[metric]!;
    const where: Expression<SqlBool>[] = [...base, sql.raw<SqlBool>(d.where)];
    if (scope.days)
      where.push(sql<SqlBool>`${sql.ref(d.day)} between ${scope.days[0]} and ${scope.days[1]}`);
    return KIND_KEYS[by].map(
      ({
        key,
        join,
      }) => sql`select company_id, ${sql.raw(key ? `${key} as k, ` : '')}${sql.ref(d.day)} as day,
      ${sql.lit(metric)} as metric, ${sql.raw(d.a)} as a, ${sql.raw(d.b)} as b, count(*) as n,
      ${sql.raw(d.total ?? '0')} as total
      from application_status_history${sql.raw(join ? ` ${join}` : '')}
      where ${sql.join(where, sql` and `)}
      group by ${sql.raw(['company_id', key, d.day, d.a, d.b].filter((k) => k && !/^\d+$/.test(k)).join(', '))}`,
    );
  });
  return sql<CountRow & { k?: number }>`${sql.join(parts, sql` union all `)}`;
}

/**
 * Rewrites the daily sums from the history (the migrations, the bench, a company's rebuild): the
 * tables of `kinds` (default: the company's, per offer and per job board).
 */
export async function rebuildStatisticsCounts(
  db: Kysely<DB> | Kysely<unknown>,
  dialect: Dialect,
  companyId?: number,
  kinds: SumsKind[] = SUMS_KINDS,
) {
  const scope = companyId === undefined ? {} : { companyId };
  for (const kind of kinds) {
    const { table, key } = SUMS_TABLES[kind];
    const t = sql.table(table);
    if (companyId === undefined) await sql`delete from ${t}`.execute(db);
    else await sql`delete from ${t} where company_id = ${companyId}`.execute(db);
    const columns = sql.raw(`company_id, ${key ? `${key}, ` : ''}day, metric, a, b, n, total`);
    const select = sql.raw(`company_id, ${key ? 'k, ' : ''}day, metric, a, b, n, total`);
    await sql`insert into ${t} (${columns})
      select ${select} from (${statisticsCountsSelect(dialect, scope, undefined, kind)}) s`.execute(
      db,
    );
  }
}
