import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import {
  rebuildStatisticsCounts,
  statisticsCountsSelect,
} from '../src/platform/db/statistics-counts.ts';
import type { DB } from '../src/platform/db/schema.ts';
import { SUMS_KINDS, SUMS_TABLES } from '../src/platform/db/status-history.ts';
import { OffersRepository } from '../src/modules/offers/offers.repository.ts';
import { apiAs, type Api } from './support/api.ts';
import { multipart } from './support/multipart.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

/**
 * docs/statistics.md: every writer of an application's status leaves its history — the board's
 * change, the treatment list's bulk change, a manual applicant, a copy onto another offer — with
 * its time, from and to status, motif and actor, and the daily sums move with it; a job board
 * changed later moves the sums too, so does an offer moved to another project or contract type
 * (the sums per group of offers); the demo seed wrote paths for every application. "The sums" are the company's, per offer, per job board and
 * per group of offers, each equal to a rebuild from the history after every write.
 */
describe.each(testDatabases())('status history on $dialect', (testDb) => {
  let ctx: TestContext;
  let db: Kysely<DB>;
  let admin: Api;
  let cookie: string;
  let valmont: number;
  let adminId: number;
  let offer: { id: number; project_id: number };
  let target: { id: number; project_id: number };

  const historyOf = (applicationId: number) =>
    db
      .selectFrom('application_status_history')
      .selectAll()
      .where('application_id', '=', applicationId)
      .orderBy('id')
      .execute();

  /** The stored daily sums (the company's, per offer, per job board) equal a rebuild's. */
  const expectSumsExact = async () => {
    const norm = (rows: Record<string, unknown>[]) =>
      rows
        .map((r) =>
          ['k', 'day', 'metric', 'a', 'b', 'n', 'total'].map((k) => Number(r[k] ?? 0)).join(':'),
        )
        .sort();
    for (const kind of SUMS_KINDS) {
      const { table, key } = SUMS_TABLES[kind];
      const stored = (
        await sql<Record<string, unknown>>`select ${sql.raw(key ? `${key} as k, ` : '')}day,
          metric, a, b, n, total from ${sql.table(table)}
          where company_id = ${valmont} and n != 0`.execute(db)
      ).rows;
      const rebuilt = (
        await statisticsCountsSelect(
          ctx.database.dialect,
          { companyId: valmont },
          undefined,
          kind,
        ).execute(db)
      ).rows;
      expect(norm(stored), table).toEqual(norm(rebuilt as unknown as Record<string, unknown>[]));
      expect(stored.length, table).toBeGreaterThan(0);
    }
  };

  beforeAll(async () => {
    ctx = await startTestApp(testDb);
    db = ctx.database.db;
    cookie = await signIn(ctx.app, 'admin@demo.test');
    admin = apiAs(ctx.app, cookie);
    const me = (await admin.get('/api/me')).json<{ company_id: number; id: number }>();
    valmont = me.company_id;
    adminId = (
      await db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'admin@demo.test')
        .where('company_id', '=', valmont)
        .executeTakeFirstOrThrow()
    ).id;
    const offers = await db
      .selectFrom('offers')
      .select(['id', 'project_id'])
      .where('company_id', '=', valmont)
      .where('archived', '=', false)
      .orderBy('id')
      .execute();
    offer = offers[0]!;
    target = offers[1]!;
  });
  afterAll(async () => ctx?.close());

  it('holds the demo paths: an arrival for every application, changes by the company’s users', async () => {
    const counts = await db
      .selectFrom('applications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('company_id', '=', valmont)
      .executeTakeFirstOrThrow();
    const arrivals = await db
      .selectFrom('application_status_history')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('company_id', '=', valmont)
      .where('from_status_id', 'is', null)
      .executeTakeFirstOrThrow();
    expect(Number(arrivals.n)).toBe(Number(counts.n));
    const changes = await db
      .selectFrom('application_status_history')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('company_id', '=', valmont)
      .where('actor_id', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(Number(changes.n)).toBeGreaterThan(0);
    await expectSumsExact();
  });

  it('records the board’s change with its motif and actor, and a motif-only change not at all', async () => {
    const body = multipart({ firstname: 'Hist', lastname: 'Oire', email: 'hist.oire@exemple.fr' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/projects/${offer.project_id}/offers/${offer.id}/manual`,
      payload: body.payload,
      headers: { ...body.headers, cookie },
    });
    expect(res.statusCode, res.body).toBe(201);
    const applicationId = res.json<{ application: { id: number } }>().application.id;
    const change = (status_id: number, motif_id: number | null = null) =>
      admin.put(`/api/projects/${offer.project_id}/offers/${offer.id}/applications/statuses`, {
        application_id: applicationId,
        status_id,
        motif_id,
      });
    expect((await change(2)).statusCode).toBe(200);
    expect((await change(7, 1)).statusCode).toBe(200);
    expect((await change(7, 2)).statusCode).toBe(200);
    // Refused without a motif: 422, nothing recorded.
    expect((await change(8)).statusCode).toBe(422);
    const rows = await historyOf(applicationId);
    expect(rows.map((r) => [r.from_status_id, r.to_status_id, r.motif_id, r.actor_id])).toEqual([
      [null, 1, null, adminId],
      [1, 2, null, adminId],
      [2, 7, 1, adminId],
    ]);
    expect(rows.map((r) => r.first_reach)).toEqual([1, 1, 1]);
    await expectSumsExact();
  });

  it('records the bulk change of a treatment list, a status reached twice counted once', async () => {
    const apps = await db
      .selectFrom('applications')
      .select(['id', 'status_id'])
      .where('company_id', '=', valmont)
      .where('offer_id', '=', offer.id)
      .orderBy('id')
      .limit(3)
      .execute();
    const body = (status: number) =>
      apps.map((a) => ({ application_id: a.id, status_id: status, motif_id: null }));
    let res = await admin.put('/api/treatment/applications/statuses', body(2));
    expect(res.statusCode, res.body).toBe(200);
    res = await admin.put('/api/treatment/applications/statuses', body(3));
    res = await admin.put('/api/treatment/applications/statuses', body(2));
    expect(res.json<{ changed: number[] }>(), res.body).toMatchObject({ failed: [] });
    for (const a of apps) {
      const rows = (await historyOf(a.id)).filter((r) => r.actor_id === adminId);
      const toPreselected = rows.filter((r) => r.to_status_id === 2);
      expect(toPreselected.length).toBeGreaterThanOrEqual(1);
      // However many times preselected is reached, one of them is its first.
      const all = await historyOf(a.id);
      expect(all.filter((r) => r.to_status_id === 2 && r.first_reach === 1)).toHaveLength(1);
    }
    await expectSumsExact();
  });

  it('records copies onto another offer as arrivals at their kept status', async () => {
    const source = await db
      .selectFrom('applications')
      .select(['id', 'applicant_id', 'status_id'])
      .where('company_id', '=', valmont)
      .where('offer_id', '=', offer.id)
      .where('status_id', '=', 2)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const res = await admin.put(
      `/api/projects/${offer.project_id}/offers/${offer.id}/applications/duplicate`,
      { application_id: source.id, job_offer_id: target.id, keep_statuses: true },
    );
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json<{ created: { application_id: number }[] }>().created;
    for (const c of created) {
      const rows = await historyOf(c.application_id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        from_status_id: null,
        offer_id: target.id,
        actor_id: adminId,
      });
    }
    await expectSumsExact();
  });

  it('moves the sums when an application’s job board changes', async () => {
    const app = await db
      .selectFrom('applications')
      .select(['id', 'applicant_id', 'jobboard_id'])
      .where('company_id', '=', valmont)
      .where('offer_id', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const board = app.jobboard_id === 2 ? 1 : 2;
    const res = await admin.put('/api/applicants/source', {
      applicant_id: app.applicant_id,
      application_id: app.id,
      jobboard_provenance: board,
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await historyOf(app.id);
    expect(rows.every((r) => r.jobboard_id === board)).toBe(true);
    await expectSumsExact();
  });

  it('moves the sums per group of offers when offers change project or contract type', async () => {
    const offers = new OffersRepository(db, ctx.database.dialect);
    const other = await db
      .selectFrom('projects')
      .select('id')
      .where('company_id', '=', valmont)
      .where('id', '!=', offer.project_id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await offers.update(valmont, [offer.id], { project_id: other.id, contract_type: 'interim' });
    await expectSumsExact();
    const moved = await db
      .selectFrom('statistics_group_counts')
      .select((eb) => eb.fn.sum<number>('n').as('n'))
      .where('company_id', '=', valmont)
      .where('grp', '=', 'c:interim')
      .executeTakeFirstOrThrow();
    expect(Number(moved.n)).toBeGreaterThan(0);
    // Its sums per job board moved with it (what offers and a job board at once read).
    const onBoards = await db
      .selectFrom('statistics_group_counts')
      .select((eb) => eb.fn.sum<number>('n').as('n'))
      .where('company_id', '=', valmont)
      .where('grp', 'like', 'c:interim@%')
      .executeTakeFirstOrThrow();
    expect(Number(onBoards.n)).toBe(Number(moved.n));
    await offers.update(valmont, [offer.id, target.id], {
      project_id: offer.project_id,
      contract_type: 'cdi',
    });
    await expectSumsExact();
  });

  it('rebuilds the sums from the history to the same figures', async () => {
    const before = await db
      .selectFrom('statistics_counts')
      .select((eb) => [eb.fn.sum<number>('n').as('n')])
      .where('company_id', '=', valmont)
      .executeTakeFirstOrThrow();
    await rebuildStatisticsCounts(db, ctx.database.dialect, valmont);
    const after = await db
      .selectFrom('statistics_counts')
      .select((eb) => [eb.fn.sum<number>('n').as('n')])
      .where('company_id', '=', valmont)
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
