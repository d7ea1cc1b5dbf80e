import { STATUS_IDS } from '@embauche/contracts/constants';
import { sql, type Kysely } from 'kysely';
import type { DB } from './schema.ts';
import { wallClock } from '../time/wall-clock.ts';

/**
 * The status history of applications (migration 0055, docs/statistics.md). Every writer of an
 * application's status — its arrival included — calls `recordStatusChanges` with the transaction
 * of the change: one history row per change, and the daily sums of `statistics_counts` (migration
 * 0056) moved by the same rows, so that both stay exact whatever fails.
 */

/** What a daily sum counts; `a` and `b` are its keys (see statisticsCountsSelect for each). */
export const STAT_METRICS = {
  /** Arrivals by the application's day, a: job board (0 none). */
  SRC_APPLIED: 1,
  /** First reach of a status by the application's day, a: status. */
  REACHED: 2,
  /** By the application's day, a: job board; b: 0 first interview, 6 first hire. */
  SRC_REACHED: 3,
  /** Changes to refused by the application's day, a: status left (0 arrival), b: motif (0 none). */
  EXIT_REFUSED: 4,
  /** Changes to withdrawn, same keys. */
  EXIT_WITHDRAWN: 5,
  /** Changes by their day, a: status reached. */
  ENTERED: 6,
  /** Changes by their day, a: status left; total: seconds spent in it. */
  IN_STATUS: 7,
  /** Changes by their day, a: the user who made it. */
  ACTOR: 8,
  /** Hires by their day, a: whole days since the arrival (time to hire's histogram). */
  HIRE_DAYS: 9,
  /** An offer's first hire by its day, a: whole days since the offer's publication (time to fill). */
  FILL_DAYS: 10,
} as const;

const INTERVIEWS: readonly number[] = [STATUS_IDS.PHONE_INTERVIEW, STATUS_IDS.INTERVIEW];
const DAY_MS = 86_400_000;
const DAY_S = 86_400;
const CHUNK = 500;

export type StatusChangeInput = {
  companyId: number;
  applicationId: number;
  offerId: number | null;
  jobboardId: number | null;
  /** The application's arrival (created_at). */
  appliedAt: string;
  /** null: the arrival itself. */
  fromStatusId: number | null;
  toStatusId: number;
  motifId: number | null;
  actorId: number | null;
  at: string;
  /** When the application entered `fromStatusId` (null on the arrival); its last history row's time wins. */
  enteredFromAt: string | null;
};

export type HistoryRow = {
  company_id: number;
  application_id: number;
  offer_id: number | null;
  jobboard_id: number | null;
  from_status_id: number | null;
  to_status_id: number;
  motif_id: number | null;
  actor_id: number | null;
  changed_at: string;
  changed_day: number;
  applied_at: string;
  applied_day: number;
  elapsed_s: number;
  in_status_s: number | null;
  first_reach: number;
  first_interview: number;
  fill_s: number | null;
};

/** The day (days since 1970-01-01) of the instant `iso` on the calendar of `timeZone`. */
export function localDay(timeZone: string, iso: string): number {
  return Math.floor(wallClock(timeZone, Date.parse(iso)) / DAY_MS);
}

/** yyyy-MM-dd ↔ day number (days since 1970-01-01). */
export const dayNumber = (day: string) => Math.floor(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
export const dayString = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

const seconds = (from: string, to: string) =>
  Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / 1000));

type CountKey = { company_id: number; day: number; metric: number; a: number; b: number };
export type CountRow = CountKey & { n: number; total: number };

/** What one history row adds to the daily sums (the same as statisticsCountsSelect's SQL). */
export function contributions(r: HistoryRow): CountRow[] {
  const out: CountRow[] = [];
  const add = (day: number, metric: number, a: number, b = 0, total = 0) =>
    out.push({ company_id: r.company_id, day, metric, a, b, n: 1, total });
  const m = STAT_METRICS;
  const board = r.jobboard_id ?? 0;
  if (r.from_status_id === null) add(r.applied_day, m.SRC_APPLIED, board);
  if (r.first_reach) add(r.applied_day, m.REACHED, r.to_status_id);
  if (r.first_interview) add(r.applied_day, m.SRC_REACHED, board, 0);
  if (r.first_reach && r.to_status_id === STATUS_IDS.RECRUITED)
    add(r.applied_day, m.SRC_REACHED, board, STATUS_IDS.RECRUITED);
  if (r.to_status_id === STATUS_IDS.REFUSED)
    add(r.applied_day, m.EXIT_REFUSED, r.from_status_id ?? 0, r.motif_id ?? 0);
  if (r.to_status_id === STATUS_IDS.WITHDRAWN)
    add(r.applied_day, m.EXIT_WITHDRAWN, r.from_status_id ?? 0, r.motif_id ?? 0);
  if (r.from_status_id !== null) {
    add(r.changed_day, m.ENTERED, r.to_status_id);
    add(r.changed_day, m.IN_STATUS, r.from_status_id, 0, r.in_status_s ?? 0);
    if (r.actor_id !== null) add(r.changed_day, m.ACTOR, r.actor_id);
  }
  if (r.to_status_id === STATUS_IDS.RECRUITED)
    add(r.changed_day, m.HIRE_DAYS, Math.floor(r.elapsed_s / DAY_S));
  if (r.fill_s !== null) add(r.changed_day, m.FILL_DAYS, Math.floor(r.fill_s / DAY_S));
  return out;
}

/**
 * The tables of daily sums (docs/statistics.md): the company's, per offer (`offer_id`, 0 for
 * spontaneous applications; migration 0061), per job board (`jobboard_id`, 0 for none) and per
 * group of offers (`grp`: `p:<project>`, `s:<subsidiary>`, `c:<contract type>` of the offer,
 * three groups for an offer, none for a spontaneous application), and of each group and offer on
 * each job board (`<group>@<board>`, `o:<offer>@<board>`: onBoard). The same contributions go to
 * each, keyed by the history row's offer, board or its offer's groups.
 */
export const SUMS_TABLES = {
  company: { table: 'statistics_counts', key: null },
  offer: { table: 'statistics_offer_counts', key: 'offer_id' },
  board: { table: 'statistics_board_counts', key: 'jobboard_id' },
  group: { table: 'statistics_group_counts', key: 'grp' },
} as const;
export type SumsKind = keyof typeof SUMS_TABLES;
export const SUMS_KINDS = Object.keys(SUMS_TABLES) as SumsKind[];

/** A daily sum of a keyed table: `k` is its offer, job board (0: none) or group of offers. */
export type KeyedCountRow = CountRow & { k: number | string };

/** The groups of an offer in `statistics_group_counts` (what the page's offer filters resolve to). */
export type OfferGroups = {
  project_id: number;
  subsidiary_id: number | null;
  contract_type: string | null;
};
/**
 * The key of sums on one job board (0: none) in `statistics_group_counts`: a group of offers' or
 * one offer's (`o:<offer>`, `o:0` for spontaneous applications) applications that came from it,
 * what a statistics call filtered on offers and a job board at once reads.
 */
export const onBoard = (key: string, board: number) => `${key}@${board}`;
export const offerKey = (offerId: number) => `o:${offerId}`;

export const offerGroupKeys = (o: OfferGroups): string[] => [
  `p:${o.project_id}`,
  ...(o.subsidiary_id === null ? [] : [`s:${o.subsidiary_id}`]),
  ...(o.contract_type === null ? [] : [`c:${o.contract_type}`]),
];

const compareKeys = (x: number | string = 0, y: number | string = 0) =>
  typeof x === 'number' && typeof y === 'number'
    ? x - y
    : String(x) < String(y)
      ? -1
      : String(x) > String(y)
        ? 1
        : 0;

/** Sums rows of the same key (one upsert may not touch a row twice), in key order (no deadlock). */
export function mergeCounts<R extends CountRow & { k?: number | string }>(rows: R[]): R[] {
  const merged = new Map<string, R>();
  for (const r of rows) {
    const key = `${r.company_id}:${r.k ?? 0}:${r.day}:${r.metric}:${r.a}:${r.b}`;
    const seen = merged.get(key);
    if (seen) {
      seen.n += r.n;
      seen.total += r.total;
    } else merged.set(key, { ...r });
  }
  return [...merged.values()].sort(
    (x, y) =>
      x.company_id - y.company_id ||
      compareKeys(x.k, y.k) ||
      x.day - y.day ||
      x.metric - y.metric ||
      x.a - y.a ||
      x.b - y.b,
  );
}

/** Adds `rows` to the daily sums of `kind` (insert or add), merged first. */
async function upsertSums(db: Kysely<DB>, kind: SumsKind, rows: KeyedCountRow[]) {
  const { table, key } = SUMS_TABLES[kind];
  for (let i = 0; i < rows.length; i += CHUNK) {
    const values = rows
      .slice(i, i + CHUNK)
      .map(({ k, ...r }) => (key === null ? r : { ...r, [key]: k }));
    await db
      .insertInto(table as 'statistics_counts')
      .values(values)
      .onConflict((oc) =>
        oc
          .columns([
            'company_id',
            ...(key === null ? [] : [key as 'company_id']),
            'day',
            'metric',
            'a',
            'b',
          ])
          .doUpdateSet({
            n: sql`${sql.ref(table)}.n + excluded.n`,
            total: sql`${sql.ref(table)}.total + excluded.total`,
          }),
      )
      .execute();
  }
}

/** The groups of offers (offerGroupKeys), read through `db`. */
export async function offerGroups(db: Kysely<DB>, offerIds: number[]) {
  const groups = new Map<number, string[]>();
  for (const ids of chunks([...new Set(offerIds)])) {
    const offers = await db
      .selectFrom('offers')
      .select(['id', 'project_id', 'subsidiary_id', 'contract_type'])
      .where('id', 'in', ids)
      .execute();
    for (const o of offers) groups.set(o.id, offerGroupKeys(o));
  }
  return groups;
}

/**
 * What history rows add (`sign` 1) or take away (-1) in each table of daily sums, their offers'
 * groups given.
 */
export function historySums(
  rows: HistoryRow[],
  groups: Map<number, string[]>,
  sign: 1 | -1 = 1,
): Record<SumsKind, KeyedCountRow[]> {
  const out: Record<SumsKind, KeyedCountRow[]> = { company: [], offer: [], board: [], group: [] };
  for (const r of rows) {
    const offerGroups = r.offer_id === null ? [] : (groups.get(r.offer_id) ?? []);
    for (const c of contributions(r)) {
      const n = sign * c.n;
      const total = sign * c.total;
      out.company.push({ ...c, n, total, k: 0 });
      out.offer.push({ ...c, n, total, k: r.offer_id ?? 0 });
      const board = r.jobboard_id ?? 0;
      out.board.push({ ...c, n, total, k: board });
      for (const g of offerGroups)
        out.group.push({ ...c, n, total, k: g }, { ...c, n, total, k: onBoard(g, board) });
      out.group.push({ ...c, n, total, k: onBoard(offerKey(r.offer_id ?? 0), board) });
    }
  }
  return out;
}

/** Adds sums to each table, merged (rows summing to 0 skipped). */
export async function addSums(db: Kysely<DB>, ...parts: Record<SumsKind, KeyedCountRow[]>[]) {
  for (const kind of SUMS_KINDS) {
    const rows = mergeCounts(parts.flatMap((p) => p[kind]));
    await upsertSums(
      db,
      kind,
      rows.filter((r) => r.n !== 0 || r.total !== 0),
    );
  }
}

/** Adds (or with `sign` -1 takes away) the sums of history rows, in `db`. */
async function addHistorySums(db: Kysely<DB>, rows: HistoryRow[], sign: 1 | -1 = 1) {
  const groups = await offerGroups(
    db,
    rows.flatMap((r) => (r.offer_id === null ? [] : [r.offer_id])),
  );
  await addSums(db, historySums(rows, groups, sign));
}

const chunks = <T>(items: T[]) =>
  Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) =>
    items.slice(i * CHUNK, (i + 1) * CHUNK),
  );

/** What the history rows of changes depend on besides the changes (kept up to date as they go). */
export type HistoryState = {
  /** The company's day of an instant. */
  day: (companyId: number, iso: string) => number;
  /** Statuses each application reached so far. */
  reached: Map<number, Set<number>>;
  /** When each application last changed. */
  lastAt: Map<number, string>;
  /** Offers that already had a hire. */
  filled: Set<number>;
  /** Offers' publication (else creation). */
  offerStart: Map<number, string>;
};

/** The history rows of changes, in order (recordStatusChanges; the bench generator's bulk load). */
export function historyRows(changes: StatusChangeInput[], state: HistoryState): HistoryRow[] {
  return changes.map((c) => {
    let set = state.reached.get(c.applicationId);
    if (!set) state.reached.set(c.applicationId, (set = new Set()));
    const first = !set.has(c.toStatusId);
    const firstInterview = INTERVIEWS.includes(c.toStatusId) && !INTERVIEWS.some((s) => set.has(s));
    set.add(c.toStatusId);
    const enteredFromAt =
      c.fromStatusId === null ? null : (state.lastAt.get(c.applicationId) ?? c.enteredFromAt);
    state.lastAt.set(c.applicationId, c.at);
    let fill: number | null = null;
    if (
      c.toStatusId === STATUS_IDS.RECRUITED &&
      c.offerId !== null &&
      !state.filled.has(c.offerId)
    ) {
      state.filled.add(c.offerId);
      const start = state.offerStart.get(c.offerId);
      if (start) fill = seconds(start, c.at);
    }
    return {
      company_id: c.companyId,
      application_id: c.applicationId,
      offer_id: c.offerId,
      jobboard_id: c.jobboardId,
      from_status_id: c.fromStatusId,
      to_status_id: c.toStatusId,
      motif_id: c.motifId,
      actor_id: c.actorId,
      changed_at: c.at,
      changed_day: state.day(c.companyId, c.at),
      applied_at: c.appliedAt,
      applied_day: state.day(c.companyId, c.appliedAt),
      elapsed_s: seconds(c.appliedAt, c.at),
      in_status_s: enteredFromAt === null ? null : seconds(enteredFromAt, c.at),
      first_reach: first ? 1 : 0,
      first_interview: firstInterview ? 1 : 0,
      fill_s: fill,
    };
  });
}

/**
 * Records status changes (arrivals included) in `trx`, the transaction that changes the
 * applications: the history rows and their daily sums. Changes whose status stays the same are
 * not changes and are left out. Reads what it needs (the company's time zone, the statuses each
 * application already reached, the offers' first hires) through `trx` itself.
 */
export async function recordStatusChanges(trx: Kysely<DB>, changes: StatusChangeInput[]) {
  const real = changes.filter((c) => c.fromStatusId !== c.toStatusId);
  if (!real.length) return;
  const companyIds = [...new Set(real.map((c) => c.companyId))];
  const zones = new Map(
    (
      await trx
        .selectFrom('companies')
        .select(['id', 'time_zone'])
        .where('id', 'in', companyIds)
        .execute()
    ).map((c) => [c.id, c.time_zone || 'Europe/Paris']),
  );
  // The statuses each application already reached.
  const reached = new Map<number, Set<number>>();
  // When each application last changed (entered the status it leaves).
  const lastAt = new Map<number, string>();
  const appIds = [
    ...new Set(real.filter((c) => c.fromStatusId !== null).map((c) => c.applicationId)),
  ];
  for (const ids of chunks(appIds)) {
    const rows = await trx
      .selectFrom('application_status_history')
      .select(['application_id', 'to_status_id', 'changed_at'])
      .where('application_id', 'in', ids)
      .execute();
    for (const r of rows) {
      const last = lastAt.get(r.application_id);
      if (last === undefined || Date.parse(r.changed_at) > Date.parse(last))
        lastAt.set(r.application_id, r.changed_at);
      let set = reached.get(r.application_id);
      if (!set) reached.set(r.application_id, (set = new Set()));
      set.add(r.to_status_id);
    }
  }
  // Hires: the offers' publication and whether they already had one.
  const hiredOffers = [
    ...new Set(
      real
        .filter((c) => c.toStatusId === STATUS_IDS.RECRUITED && c.offerId !== null)
        .map((c) => c.offerId!),
    ),
  ];
  const offerStart = new Map<number, string>();
  const alreadyFilled = new Set<number>();
  for (const ids of chunks(hiredOffers)) {
    const offers = await trx
      .selectFrom('offers')
      .select(['id', 'published_at', 'created_at'])
      .where('id', 'in', ids)
      .execute();
    for (const o of offers) offerStart.set(o.id, o.published_at ?? o.created_at);
    const filled = await trx
      .selectFrom('application_status_history')
      .select('offer_id')
      .distinct()
      .where('company_id', 'in', companyIds)
      .where('to_status_id', '=', STATUS_IDS.RECRUITED)
      .where('offer_id', 'in', ids)
      .execute();
    for (const f of filled) alreadyFilled.add(f.offer_id!);
  }
  const rows = historyRows(real, {
    day: (companyId, iso) => localDay(zones.get(companyId) ?? 'UTC', iso),
    reached,
    lastAt,
    filled: alreadyFilled,
    offerStart,
  });
  for (const part of chunks(rows))
    await trx.insertInto('application_status_history').values(part).execute();
  await addHistorySums(trx, rows);
}

/**
 * Applications' job board changed (the applicant screen): their history rows take the new board
 * and the daily sums move with them, in `trx`.
 */
export async function moveHistoryJobBoard(
  trx: Kysely<DB>,
  companyId: number,
  applicationIds: number[],
  jobboardId: number | null,
) {
  for (const ids of chunks(applicationIds)) {
    const rows = (await trx
      .selectFrom('application_status_history')
      .selectAll()
      .where('company_id', '=', companyId)
      .where('application_id', 'in', ids)
      .where((eb) =>
        jobboardId === null
          ? eb('jobboard_id', 'is not', null)
          : eb.or([eb('jobboard_id', 'is', null), eb('jobboard_id', '!=', jobboardId)]),
      )
      .execute()) as unknown as (HistoryRow & { id: number })[];
    if (!rows.length) continue;
    // The company's and offers' sums keyed by the board move; the others cancel out in the
    // merge. The board's sums move whole from the old board to the new one.
    const groups = await offerGroups(
      trx,
      rows.flatMap((r) => (r.offer_id === null ? [] : [r.offer_id])),
    );
    await addSums(
      trx,
      historySums(rows, groups, -1),
      historySums(
        rows.map((r) => ({ ...r, jobboard_id: jobboardId })),
        groups,
      ),
    );
    await trx
      .updateTable('application_status_history')
      .set({ jobboard_id: jobboardId })
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
  }
}

/**
 * Offers moved to another project, subsidiary or contract type (`before`: their groups before the
 * change, read in `trx` before it): their sums in `statistics_group_counts` move from the old
 * groups to the new ones (and per job board), read from their per-offer sums (and per job
 * board), in `trx`, the change's transaction.
 */
export async function moveOfferGroups(
  trx: Kysely<DB>,
  companyId: number,
  before: Map<number, string[]>,
) {
  const after = await offerGroups(trx, [...before.keys()]);
  const moved = [...before.keys()].filter(
    (id) => (before.get(id) ?? []).join() !== (after.get(id) ?? []).join(),
  );
  for (const ids of chunks(moved)) {
    const sums = await trx
      .selectFrom('statistics_offer_counts')
      .select(['offer_id', 'day', 'metric', 'a', 'b', 'n', 'total'])
      .where('company_id', '=', companyId)
      .where('offer_id', 'in', ids)
      .execute();
    const group: KeyedCountRow[] = [];
    const move = (s: (typeof sums)[number], key: (g: string) => string) => {
      const row = { company_id: companyId, day: s.day, metric: s.metric, a: s.a, b: s.b };
      const n = Number(s.n);
      const total = Number(s.total);
      for (const g of before.get(s.offer_id) ?? [])
        group.push({ ...row, k: key(g), n: -n, total: -total });
      for (const g of after.get(s.offer_id) ?? []) group.push({ ...row, k: key(g), n, total });
    };
    for (const s of sums) move(s, (g) => g);
    // And the groups' sums per job board, from the offers' own on each board (`o:<offer>@<board>`).
    for (const id of ids) {
      const prefix = `${offerKey(id)}@`;
      const rows = await trx
        .selectFrom('statistics_group_counts')
        .select(['grp', 'day', 'metric', 'a', 'b', 'n', 'total'])
        .where('company_id', '=', companyId)
        .where('grp', 'like', `${prefix}%`)
        .execute();
      for (const r of rows) {
        const board = Number(r.grp.slice(prefix.length));
        move({ ...r, offer_id: id }, (g) => onBoard(g, board));
      }
    }
    await addSums(trx, { company: [], offer: [], board: [], group });
  }
}
