import { STATUS_IDS } from '@embauche/contracts/constants';
import type { Kysely } from 'kysely';
import { schemaHelpers, type Migration } from '../columns.ts';
import type { Dialect } from '../database.ts';
import type { DB } from '../schema.ts';
import { localDay, type HistoryRow } from '../status-history.ts';

const PAGE = 2000;
const seconds = (from: string, to: string) =>
  Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / 1000));

/**
 * The status history of applications (issue 40, docs/statistics.md, status-history.ts): one row
 * per status an application took, with its time, from and to status, motif and actor, and the
 * company's days of the change and of the arrival. Backfilled from what the applications hold:
 * their arrival (at their status when it never changed, else at `new`) and, when changed, the
 * change to their current status at `status_changed_at`; an offer's earliest such hire is its
 * first (time to fill).
 */
export const statusHistory: Migration = {
  name: '0055_status_history',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    const h = schemaHelpers(dialect);
    await h
      .id(db.schema.createTable('application_status_history'))
      .addColumn('company_id', 'integer', (c) =>
        c.notNull().references('companies.id').onDelete('cascade'),
      )
      .addColumn('application_id', 'integer', (c) =>
        c.notNull().references('applications.id').onDelete('cascade'),
      )
      .addColumn('offer_id', 'integer')
      .addColumn('jobboard_id', 'integer')
      .addColumn('from_status_id', 'integer')
      .addColumn('to_status_id', 'integer', (c) => c.notNull())
      .addColumn('motif_id', 'integer')
      .addColumn('actor_id', 'integer')
      .addColumn('changed_at', h.timestamp, (c) => c.notNull())
      .addColumn('changed_day', 'integer', (c) => c.notNull())
      .addColumn('applied_at', h.timestamp, (c) => c.notNull())
      .addColumn('applied_day', 'integer', (c) => c.notNull())
      .addColumn('elapsed_s', 'integer', (c) => c.notNull())
      .addColumn('in_status_s', 'integer')
      .addColumn('first_reach', 'integer', (c) => c.notNull())
      .addColumn('first_interview', 'integer', (c) => c.notNull())
      .addColumn('fill_s', 'integer')
      .execute();
    const index = (name: string, columns: string[]) =>
      db.schema.createIndex(name).on('application_status_history').columns(columns).execute();
    // What an application already reached (every status change reads it).
    await index('status_history_application_idx', ['application_id', 'to_status_id']);
    // Filtered statistics: by offer, over arrival days or change days.
    await index('status_history_offer_applied_idx', ['company_id', 'offer_id', 'applied_day']);
    await index('status_history_offer_changed_idx', ['company_id', 'offer_id', 'changed_day']);
    // By job board (the source filter), over arrival days.
    await index('status_history_board_idx', ['company_id', 'jobboard_id', 'applied_day']);
    // Hires of a period with their durations (time to hire and to fill), read from the index.
    await index('status_history_status_day_idx', [
      'company_id',
      'to_status_id',
      'changed_day',
      'elapsed_s',
      'fill_s',
      'offer_id',
    ]);
    await backfill(db as unknown as Kysely<DB>);
  },
};

async function backfill(db: Kysely<DB>) {
  const zones = new Map(
    (await db.selectFrom('companies').select(['id', 'time_zone']).execute()).map((c) => [
      c.id,
      c.time_zone || 'Europe/Paris',
    ]),
  );
  let after = 0;
  for (;;) {
    const apps = await db
      .selectFrom('applications')
      .select([
        'id',
        'company_id',
        'offer_id',
        'jobboard_id',
        'status_id',
        'motif_id',
        'created_at',
        'status_changed_at',
      ])
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    if (!apps.length) break;
    after = apps[apps.length - 1]!.id;
    const rows: HistoryRow[] = [];
    for (const a of apps) {
      const zone = zones.get(a.company_id) ?? 'UTC';
      const appliedDay = localDay(zone, a.created_at);
      const changed =
        a.status_changed_at !== null && a.status_id !== STATUS_IDS.NEW ? a.status_changed_at : null;
      const first = changed ? STATUS_IDS.NEW : a.status_id;
      const interview = (s: number) =>
        s === STATUS_IDS.PHONE_INTERVIEW || s === STATUS_IDS.INTERVIEW ? 1 : 0;
      const base = {
        company_id: a.company_id,
        application_id: a.id,
        offer_id: a.offer_id,
        jobboard_id: a.jobboard_id,
        actor_id: null,
        applied_at: a.created_at,
        applied_day: appliedDay,
        first_reach: 1,
        fill_s: null,
      };
      rows.push({
        ...base,
        from_status_id: null,
        to_status_id: first,
        motif_id: changed ? null : a.motif_id,
        changed_at: a.created_at,
        changed_day: appliedDay,
        elapsed_s: 0,
        in_status_s: null,
        first_interview: interview(first),
      });
      if (changed)
        rows.push({
          ...base,
          from_status_id: STATUS_IDS.NEW,
          to_status_id: a.status_id,
          motif_id: a.motif_id,
          changed_at: changed,
          changed_day: localDay(zone, changed),
          elapsed_s: seconds(a.created_at, changed),
          in_status_s: seconds(a.created_at, changed),
          first_interview: interview(a.status_id),
        });
    }
    for (let i = 0; i < rows.length; i += 500)
      await db
        .insertInto('application_status_history')
        .values(rows.slice(i, i + 500))
        .execute();
  }
  // Each offer's earliest hire is its first: the time to fill from its publication.
  const hires = await db
    .selectFrom('application_status_history as h')
    .innerJoin('offers', 'offers.id', 'h.offer_id')
    .select(['h.id', 'h.offer_id', 'h.changed_at', 'offers.published_at', 'offers.created_at'])
    .where('h.to_status_id', '=', STATUS_IDS.RECRUITED)
    .orderBy('h.changed_at')
    .orderBy('h.id')
    .execute();
  const filled = new Set<number>();
  for (const r of hires) {
    if (filled.has(r.offer_id!)) continue;
    filled.add(r.offer_id!);
    await db
      .updateTable('application_status_history')
      .set({ fill_s: seconds(r.published_at ?? r.created_at, r.changed_at) })
      .where('id', '=', r.id)
      .execute();
  }
}
