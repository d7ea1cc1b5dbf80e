import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  TStatisticsActivityReport,
  TStatisticsFunnelReport,
  TStatisticsOffersReport,
  TStatisticsSourcesReport,
  TStatisticsTimesReport,
  TStatisticsVolumeReport,
} from '@embauche/contracts/statistics';
import {
  rebuildStatisticsCounts,
  statisticsCountsSelect,
  type HistoryScope,
} from '../src/platform/db/statistics-counts.ts';
import { STAT_METRICS } from '../src/platform/db/status-history.ts';
import {
  StatisticsRepository,
  type StatScope,
} from '../src/modules/statistics/statistics.repository.ts';
import { recordStatusChanges, type StatusChangeInput } from '../src/platform/db/status-history.ts';
import { apiAs, type Api } from './support/api.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

/**
 * docs/statistics.md: each report on hand-built histories with known answers — Groupe Valmont's
 * applications replaced by five whose paths are written here, in New York time (UTC−5 in
 * February): an arrival at 03:00 UTC belongs to the day before, a status reached twice counts
 * once, a withdrawal re-opened still counts as an exit; the scoped manager sees only their
 * offers; Mairie de Saint-Aubin's figures never mix in.
 */
describe.each(testDatabases())('statistics on $dialect', (testDb) => {
  let ctx: TestContext;
  let admin: Api;
  let manager: Api;
  let other: Api;
  let valmont: number;
  let mairie: number;
  let offerA: number;
  let offerB: number;
  let paris15: number;
  let adminId: number;
  let recruiterId: number;
  const FEB = 'from=2026-02-01&to=2026-02-28';

  const get = async <T>(api: Api, path: string) => {
    const res = await api.get(path);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  };

  beforeAll(async () => {
    ctx = await startTestApp(testDb);
    const db = ctx.database.db;
    admin = apiAs(ctx.app, await signIn(ctx.app, 'admin@demo.test'));
    other = apiAs(ctx.app, await signIn(ctx.app, 'admin@other.test'));
    valmont = (await admin.get('/api/me')).json<{ company_id: number }>().company_id;
    mairie = (await other.get('/api/me')).json<{ company_id: number }>().company_id;
    const user = async (email: string) =>
      await db
        .selectFrom('users')
        .select(['id', 'role_id'])
        .where('email', '=', email)
        .where('company_id', '=', valmont)
        .executeTakeFirstOrThrow();
    adminId = (await user('admin@demo.test')).id;
    recruiterId = (await user('recruiter@demo.test')).id;
    const managerRow = await user('manager@demo.test');
    // The manager (no project.see_all, one agency) may read the statistics of what they see.
    await db
      .insertInto('role_permissions')
      .values({ role_id: managerRow.role_id!, permission: 'statistics.access' })
      .execute();
    manager = apiAs(ctx.app, await signIn(ctx.app, 'manager@demo.test'));
    paris15 = (
      await db
        .selectFrom('project_users')
        .select('project_id')
        .where('user_id', '=', managerRow.id)
        .executeTakeFirstOrThrow()
    ).project_id;
    const granted = (
      await db
        .selectFrom('offer_users')
        .select('offer_id')
        .where('user_id', '=', managerRow.id)
        .execute()
    ).map((r) => r.offer_id);
    offerA = (
      await db
        .selectFrom('offers')
        .select('id')
        .where('project_id', '=', paris15)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
    const projectsOfA = await db
      .selectFrom('projects')
      .select(['id', 'parent_id'])
      .where('company_id', '=', valmont)
      .execute();
    const underParis = new Set([
      paris15,
      ...projectsOfA.filter((p) => p.parent_id === paris15).map((p) => p.id),
    ]);
    offerB = (
      await db
        .selectFrom('offers')
        .select(['id', 'project_id'])
        .where('company_id', '=', valmont)
        .orderBy('id')
        .execute()
    ).find((o) => !underParis.has(o.project_id) && !granted.includes(o.id))!.id;

    // Valmont's applications replaced by five known ones, in New York time.
    await db.deleteFrom('application_status_history').where('company_id', '=', valmont).execute();
    for (const table of [
      'statistics_counts',
      'statistics_offer_counts',
      'statistics_board_counts',
      'statistics_group_counts',
    ] as const)
      await db.deleteFrom(table).where('company_id', '=', valmont).execute();
    await db.deleteFrom('applications').where('company_id', '=', valmont).execute();
    await db
      .updateTable('companies')
      .set({ time_zone: 'America/New_York' })
      .where('id', '=', valmont)
      .execute();
    await db
      .updateTable('offers')
      .set({ published_at: '2026-02-01T15:00:00.000Z' })
      .where('id', '=', offerA)
      .execute();
    const app = async (
      offerId: number,
      jobboard: number | null,
      createdAt: string,
      status: number,
    ) =>
      (
        await db
          .insertInto('applications')
          .values({
            company_id: valmont,
            offer_id: offerId,
            applicant_id: null,
            status_id: status,
            jobboard_id: jobboard,
            created_at: createdAt,
            updated_at: createdAt,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const path = (
      id: number,
      offerId: number,
      jobboard: number | null,
      steps: [string, number, number | null, number | null][],
    ): StatusChangeInput[] =>
      steps.map(([at, to, motif, actor], i) => ({
        companyId: valmont,
        applicationId: id,
        offerId,
        jobboardId: jobboard,
        appliedAt: steps[0]![0],
        fromStatusId: i === 0 ? null : steps[i - 1]![1],
        toStatusId: to,
        motifId: motif,
        actorId: actor,
        at,
        enteredFromAt: i === 0 ? null : steps[i - 1]![0],
      }));
    const a1 = await app(offerA, 1, '2026-02-10T15:00:00.000Z', 6);
    const a2 = await app(offerA, null, '2026-02-11T03:00:00.000Z', 4);
    const a3 = await app(offerB, 2, '2026-02-12T15:00:00.000Z', 7);
    const a4 = await app(offerA, null, '2026-03-01T04:30:00.000Z', 1);
    const a5 = await app(offerB, null, '2026-03-01T05:30:00.000Z', 1);
    await db.transaction().execute(async (trx) => {
      await recordStatusChanges(trx, [
        ...path(a1, offerA, 1, [
          ['2026-02-10T15:00:00.000Z', 1, null, null],
          ['2026-02-11T15:00:00.000Z', 2, null, adminId],
          ['2026-02-13T15:00:00.000Z', 4, null, adminId],
          ['2026-02-20T15:00:00.000Z', 6, null, adminId],
        ]),
        // Arrives at 22:00 in New York on the 10th; withdraws, is re-opened, reaches preselected twice.
        ...path(a2, offerA, null, [
          ['2026-02-11T03:00:00.000Z', 1, null, null],
          ['2026-02-12T15:00:00.000Z', 2, null, recruiterId],
          ['2026-02-14T15:00:00.000Z', 8, 6, recruiterId],
          ['2026-02-16T15:00:00.000Z', 2, null, recruiterId],
          ['2026-02-18T15:00:00.000Z', 4, null, recruiterId],
        ]),
        ...path(a3, offerB, 2, [
          ['2026-02-12T15:00:00.000Z', 1, null, null],
          ['2026-02-13T15:00:00.000Z', 7, 2, adminId],
        ]),
        // 23:30 on the 28th in New York (in February), and 00:30 on March 1st (not).
        ...path(a4, offerA, null, [['2026-03-01T04:30:00.000Z', 1, null, null]]),
        ...path(a5, offerB, null, [['2026-03-01T05:30:00.000Z', 1, null, null]]),
      ]);
    });
  });
  afterAll(async () => ctx?.close());

  it('counts the funnel of the period: arrivals by the company day, statuses reached once, exits by motif', async () => {
    const { current, previous } = await get<TStatisticsFunnelReport>(
      admin,
      `/api/statistics/funnel?${FEB}&compare=1`,
    );
    expect(current.applications).toBe(4);
    const reached = Object.fromEntries(current.steps.map((s) => [s.status.id, s.reached]));
    expect(reached).toMatchObject({ 1: 4, 2: 2, 4: 2, 6: 1 });
    expect(current.refused).toBe(1);
    expect(current.withdrawn).toBe(1);
    const step = (id: number) => current.steps.find((s) => s.status.id === id)!;
    expect(step(1).exits).toEqual([
      { kind: 'refused', motif: expect.objectContaining({ id: 2 }), count: 1 },
    ]);
    expect(step(2).exits).toEqual([
      { kind: 'withdrawn', motif: expect.objectContaining({ id: 6 }), count: 1 },
    ]);
    expect(step(2).conversion).toBe(0.5);
    expect(step(1).conversion).toBeNull();
    expect(previous).toMatchObject({
      period: { from: '2026-01-04', to: '2026-01-31' },
      applications: 0,
    });
    // The day boundary: the 28th holds the arrival of 23:30, the 1st of March the one of 00:30.
    const march = await get<TStatisticsFunnelReport>(
      admin,
      '/api/statistics/funnel?from=2026-03-01&to=2026-03-01',
    );
    expect(march.current.applications).toBe(1);
  });

  it('measures time to hire and to fill, and the time spent in each status', async () => {
    const { current } = await get<TStatisticsTimesReport>(admin, `/api/statistics/times?${FEB}`);
    expect(current.time_to_hire).toEqual({ count: 1, median_days: 10, p90_days: 10 });
    expect(current.time_to_fill).toEqual({ count: 1, median_days: 19, p90_days: 19 });
    const newStatus = current.in_status.find((s) => s.status.id === 1)!;
    // Left `new` after 1, 1.5 and 1 days.
    expect(newStatus).toMatchObject({ count: 3, average_days: 1.2 });
  });

  it('splits the sources by job board with interviews, hires and conversion', async () => {
    const { current } = await get<TStatisticsSourcesReport>(
      admin,
      `/api/statistics/sources?${FEB}`,
    );
    const by = Object.fromEntries(current.sources.map((s) => [String(s.jobboard_id), s]));
    expect(by['1']).toMatchObject({ applications: 1, interviews: 1, hires: 1, conversion: 1 });
    expect(by['null']).toMatchObject({ applications: 2, interviews: 1, hires: 0, conversion: 0 });
    expect(by['2']).toMatchObject({ applications: 1, interviews: 0, hires: 0 });
    expect(current.sources[0]!.jobboard_id).toBeNull();
  });

  it('draws the volume per day, week or month of the company', async () => {
    const days = await get<TStatisticsVolumeReport>(
      admin,
      `/api/statistics/volume?${FEB}&granularity=day`,
    );
    expect(days.current.points).toHaveLength(28);
    const on = (d: string) => days.current.points.find((p) => p.start === d)!;
    expect(on('2026-02-10').applications).toBe(2);
    expect(on('2026-02-28').applications).toBe(1);
    expect(on('2026-02-20').hires).toBe(1);
    expect(on('2026-02-13').refusals).toBe(1);
    expect(on('2026-02-14').withdrawals).toBe(1);
    expect(days.current.totals).toEqual({ applications: 4, hires: 1, refusals: 1, withdrawals: 1 });
    const weeks = await get<TStatisticsVolumeReport>(admin, `/api/statistics/volume?${FEB}`);
    expect(weeks.current.granularity).toBe('day');
    const byWeek = await get<TStatisticsVolumeReport>(
      admin,
      `/api/statistics/volume?${FEB}&granularity=week`,
    );
    // February 1st 2026 is a Sunday: its own bucket, then Mondays.
    expect(byWeek.current.points.map((p) => p.start)).toEqual([
      '2026-02-01',
      '2026-02-02',
      '2026-02-09',
      '2026-02-16',
      '2026-02-23',
    ]);
    expect(byWeek.current.points[2]!.applications).toBe(3);
  });

  it('counts status changes and appointments per user', async () => {
    const db = ctx.database.db;
    const at = { start_at: '2026-02-17T14:00:00.000Z', end_at: '2026-02-17T15:00:00.000Z' };
    const appointment = await db
      .insertInto('appointments')
      .values({
        company_id: valmont,
        template_id: null,
        title: 'Entretien',
        ...at,
        status: 'confirmed',
        source: 'planner',
        location_kind: null,
        location: '',
        applicant_id: null,
        application_id: null,
        notes: '',
        created_by: adminId,
        created_at: at.start_at,
        updated_at: at.start_at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('appointment_interviewers')
      .values({ appointment_id: appointment.id, user_id: recruiterId, company_id: valmont, ...at })
      .execute();
    const { current } = await get<TStatisticsActivityReport>(
      admin,
      `/api/statistics/activity?${FEB}`,
    );
    const by = Object.fromEntries(current.users.map((u) => [u.user_id, u.status_changes]));
    expect(by[adminId]).toBe(4);
    expect(by[recruiterId]).toBe(4);
    expect(current.totals.status_changes).toBe(8);
    expect(current.users.find((u) => u.user_id === recruiterId)!.appointments).toBe(1);
    expect(current.users.find((u) => u.user_id === adminId)!.appointments).toBe(0);
    expect(current.totals.appointments).toBe(1);
  });

  it('answers the offers figures of the company only', async () => {
    const { current } = await get<TStatisticsOffersReport>(admin, `/api/statistics/offers?${FEB}`);
    const count = await ctx.database.db
      .selectFrom('offers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('company_id', '=', valmont)
      .where('archived', '=', false)
      .executeTakeFirstOrThrow();
    expect(current.open).toBe(Number(count.n));
  });

  it('filters by offer, project (with sub-projects) and source from the history', async () => {
    const byOffer = await get<TStatisticsFunnelReport>(
      admin,
      `/api/statistics/funnel?${FEB}&offer_id=${offerB}`,
    );
    expect(byOffer.current.applications).toBe(1);
    expect(byOffer.current.refused).toBe(1);
    const byProject = await get<TStatisticsFunnelReport>(
      admin,
      `/api/statistics/funnel?${FEB}&project_id=${paris15}`,
    );
    expect(byProject.current.applications).toBe(3);
    const none = await get<TStatisticsSourcesReport>(
      admin,
      `/api/statistics/sources?${FEB}&source=none`,
    );
    expect(none.current.sources).toEqual([
      expect.objectContaining({ jobboard_id: null, applications: 2 }),
    ]);
    // The history read under a filter gives what the daily sums give.
    const all = await get<TStatisticsFunnelReport>(admin, `/api/statistics/funnel?${FEB}`);
    const contract = await get<TStatisticsFunnelReport>(
      admin,
      `/api/statistics/volume?${FEB}&offer_id=${offerA}`,
    );
    expect(contract.current).toBeTruthy();
    expect(all.current.applications).toBe(4);
  });

  it('gives a scoped user only the figures of the offers they see', async () => {
    const { current } = await get<TStatisticsFunnelReport>(
      manager,
      `/api/statistics/funnel?${FEB}`,
    );
    // a1, a2 and a4 are on the manager's agency; a3 (offer B) is not theirs.
    expect(current.applications).toBe(3);
    expect(current.refused).toBe(0);
    const times = await get<TStatisticsTimesReport>(manager, `/api/statistics/times?${FEB}`);
    expect(times.current.time_to_hire.count).toBe(1);
    expect((await manager.get(`/api/statistics/funnel?${FEB}&offer_id=${offerB}`)).statusCode).toBe(
      404,
    );
  });

  it('keeps companies apart: figures, and another company’s project or offer is 404', async () => {
    const mine = await get<TStatisticsFunnelReport>(other, `/api/statistics/funnel?${FEB}`);
    expect(mine.current.applications).toBe(0);
    expect(
      (await other.get(`/api/statistics/funnel?${FEB}&project_id=${paris15}`)).statusCode,
    ).toBe(404);
    expect((await other.get(`/api/statistics/sources?${FEB}&offer_id=${offerA}`)).statusCode).toBe(
      404,
    );
    const history = await ctx.database.db
      .selectFrom('application_status_history')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('company_id', '=', mairie)
      .executeTakeFirstOrThrow();
    expect(Number(history.n)).toBeGreaterThan(0);
  });

  it('refuses users without statistics.access, and bad ranges with 422', async () => {
    const recruiter = apiAs(ctx.app, await signIn(ctx.app, 'recruiter@demo.test'));
    expect((await recruiter.get(`/api/statistics/funnel?${FEB}`)).statusCode).toBe(403);
    expect((await recruiter.get('/api/statistics/options')).statusCode).toBe(403);
    const back = await admin.get('/api/statistics/funnel?from=2026-02-10&to=2026-02-01');
    expect(back.statusCode).toBe(422);
    expect(JSON.stringify(back.json())).toContain('before_from');
    expect(
      (await admin.get('/api/statistics/funnel?from=2024-01-01&to=2026-02-01')).statusCode,
    ).toBe(422);
    expect(
      (await admin.get('/api/statistics/funnel?from=2026-02-30&to=2026-03-01')).statusCode,
    ).toBe(422);
    expect((await admin.get(`/api/statistics/volume?${FEB}&granularity=year`)).statusCode).toBe(
      422,
    );
  });

  it('lists the filters’ options and the time zone', async () => {
    const options = await get<{ time_zone: string; recruiters: { id: number }[] }>(
      admin,
      '/api/statistics/options',
    );
    expect(options.time_zone).toBe('America/New_York');
    expect(options.recruiters.map((r) => r.id)).toContain(adminId);
  });

  it('keeps the daily sums equal to the history (as a rebuild would write them)', async () => {
    const db = ctx.database.db;
    const stored = await db
      .selectFrom('statistics_counts')
      .select(['day', 'metric', 'a', 'b', 'n', 'total'])
      .where('company_id', '=', valmont)
      .execute();
    const rebuilt = (
      await statisticsCountsSelect(ctx.database.dialect, { companyId: valmont }).execute(db)
    ).rows;
    const norm = (
      rows: { day: unknown; metric: unknown; a: unknown; b: unknown; n: unknown; total: unknown }[],
    ) => rows.map((r) => [r.day, r.metric, r.a, r.b, r.n, r.total].map(Number).join(':')).sort();
    expect(norm(stored)).toEqual(norm(rebuilt));
    expect(stored.length).toBeGreaterThan(10);
  });

  it('leaves spontaneous applications out for a user who sees every offer but not them', async () => {
    const db = ctx.database.db;
    const createdAt = '2026-02-15T15:00:00.000Z';
    const { id } = await db
      .insertInto('applications')
      .values({
        company_id: valmont,
        offer_id: null,
        applicant_id: null,
        status_id: 1,
        created_at: createdAt,
        updated_at: createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.transaction().execute((trx) =>
      recordStatusChanges(trx, [
        {
          companyId: valmont,
          applicationId: id,
          offerId: null,
          jobboardId: null,
          appliedAt: createdAt,
          fromStatusId: null,
          toStatusId: 1,
          motifId: null,
          actorId: null,
          at: createdAt,
          enteredFromAt: null,
        },
      ]),
    );
    expect(
      (await get<TStatisticsFunnelReport>(admin, `/api/statistics/funnel?${FEB}`)).current
        .applications,
    ).toBe(5);
    // The recruiter's role: every offer (project.see_all) but no spontaneous application.
    const role = (
      await db
        .selectFrom('users')
        .select('role_id')
        .where('id', '=', recruiterId)
        .executeTakeFirstOrThrow()
    ).role_id!;
    await db
      .deleteFrom('role_permissions')
      .where('role_id', '=', role)
      .where('permission', '=', 'project_application.see_spontaneous')
      .execute();
    await db
      .insertInto('role_permissions')
      .values({ role_id: role, permission: 'statistics.access' })
      .execute();
    const recruiter = apiAs(ctx.app, await signIn(ctx.app, 'recruiter@demo.test'));
    const { current } = await get<TStatisticsFunnelReport>(
      recruiter,
      `/api/statistics/funnel?${FEB}`,
    );
    expect(current.applications).toBe(4);
    const sources = await get<TStatisticsSourcesReport>(
      recruiter,
      `/api/statistics/sources?${FEB}`,
    );
    expect(sources.current.sources.find((x) => x.jobboard_id === null)?.applications).toBe(2);
  });

  it('reads every filtered and scoped scope from the sums, equal to the history', async () => {
    const db = ctx.database.db;
    const dialect = ctx.database.dialect;
    const offers = (
      await db.selectFrom('offers').select('id').where('company_id', '=', valmont).execute()
    ).map((o) => o.id);
    const project = (
      await db
        .selectFrom('offers')
        .select('project_id')
        .where('id', '=', offerA)
        .executeTakeFirstOrThrow()
    ).project_id;
    const ofProject = (
      await db.selectFrom('offers').select('id').where('project_id', '=', project).execute()
    ).map((o) => o.id);
    await db.updateTable('offers').set({ contract_type: 'cdd' }).where('id', '=', offerB).execute();
    // The contract type set behind the sums' back: rebuilt (as an offer's update moves them).
    await rebuildStatisticsCounts(db, dialect, valmont, ['group']);
    const metrics = Object.values(STAT_METRICS);
    const feb: [number, number] = [20_485, 20_512];
    // Every table of sums answers one of them (never the history).
    const scopes: [string, Omit<StatScope, 'companyId'>][] = [
      ['company', { offerIds: null, spontaneous: true }],
      ['every offer, no spontaneous', { offerIds: null, spontaneous: false }],
      ['one offer', { offerIds: [offerA], spontaneous: false }],
      ['two offers and spontaneous', { offerIds: [offerA, offerB], spontaneous: true }],
      [
        'most offers (complement)',
        { offerIds: offers.filter((id) => id !== offerB), spontaneous: false },
      ],
      ['a project', { offerIds: ofProject, spontaneous: false, groups: [`p:${project}`] }],
      // A whole project, one offer of another and spontaneous ones: the project's group sums
      // plus two offers' (fewer keys than its offers, or than the company's others).
      [
        'a scoped set: a whole project, one offer of another, spontaneous',
        { offerIds: [...ofProject, offerB], spontaneous: true },
      ],
      ['a contract type', { offerIds: [offerB], spontaneous: false, groups: ['c:cdd'] }],
      ['job board 1', { offerIds: null, spontaneous: true, jobboard: 1 }],
      ['no job board', { offerIds: null, spontaneous: true, jobboard: 'none' }],
      ['no job board, no spontaneous', { offerIds: null, spontaneous: false, jobboard: 'none' }],
      ['one offer and no job board', { offerIds: [offerA], spontaneous: false, jobboard: 'none' }],
      // Offers and a job board at once: the offers' and groups' sums on that board.
      [
        'a project on job board 1',
        { offerIds: ofProject, spontaneous: false, groups: [`p:${project}`], jobboard: 1 },
      ],
      [
        'a contract type on job board 2',
        { offerIds: [offerB], spontaneous: false, groups: ['c:cdd'], jobboard: 2 },
      ],
      [
        'two offers and spontaneous on job board 2',
        { offerIds: [offerA, offerB], spontaneous: true, jobboard: 2 },
      ],
      [
        'most offers (complement) without a job board',
        { offerIds: offers.filter((id) => id !== offerB), spontaneous: false, jobboard: 'none' },
      ],
      [
        'a scoped set on job board 1',
        { offerIds: [...ofProject, offerB], spontaneous: true, jobboard: 1 },
      ],
      // Every offer but one (a recruiter of nearly all): the company less that one and offer 0.
      ['every offer but one', { offerIds: null, spontaneous: false, except: [offerB] }],
      [
        'every offer but one on job board 2',
        { offerIds: null, spontaneous: false, except: [offerB], jobboard: 2 },
      ],
    ];
    // A small threshold, so that "most offers" reads the company less the others, and the scoped
    // set the projects it holds whole plus its other offers.
    const repo = new StatisticsRepository(db, dialect, 1);
    expect(ofProject.length).toBeGreaterThan(1);
    expect(offers.length - ofProject.length).toBeGreaterThan(3);
    const norm = (
      rows: { day: unknown; metric: unknown; a: unknown; b: unknown; n: unknown; total: unknown }[],
    ) =>
      rows
        .filter((r) => Number(r.n) !== 0)
        .map((r) => [r.day, r.metric, r.a, r.b, r.n, r.total].map(Number).join(':'))
        .sort();
    for (const [name, scope] of scopes) {
      const read = await repo.counts({ companyId: valmont, ...scope }, feb, metrics, true);
      const history: HistoryScope = {
        companyId: valmont,
        offerIds: scope.except
          ? offers.filter((id) => !scope.except!.includes(id))
          : scope.offerIds,
        spontaneous: scope.spontaneous,
        days: feb,
        ...(scope.jobboard !== undefined ? { jobboard: scope.jobboard } : {}),
      };
      const expected = (await statisticsCountsSelect(dialect, history, metrics).execute(db)).rows;
      expect(norm(read), name).toEqual(norm(expected));
      expect(read.length, name).toBeGreaterThan(0);
    }
  });
  it('filters by a recruiter: their offers, or every offer but those they lack when fewer', async () => {
    const db = ctx.database.db;
    const offers = await db
      .selectFrom('offers')
      .select(['id', 'created_by'])
      .where('company_id', '=', valmont)
      .orderBy('id')
      .execute();
    const repo = new StatisticsRepository(db, testDb.dialect);
    try {
      // The recruiter created every offer but A and B, and is granted A: B is the one they lack.
      await db
        .updateTable('offers')
        .set({ created_by: recruiterId })
        .where('company_id', '=', valmont)
        .execute();
      await db
        .updateTable('offers')
        .set({ created_by: adminId })
        .where('id', 'in', [offerA, offerB])
        .execute();
      await db
        .insertInto('offer_users')
        .values({ company_id: valmont, offer_id: offerA, user_id: recruiterId })
        .onConflict((oc) => oc.doNothing())
        .execute();
      expect(await repo.offerSet(valmont, { recruiterId })).toEqual({ except: [offerB] });
      // The admin: offers they created (A and B), fewer than half: told by their ids.
      const admins = await repo.offerSet(valmont, { recruiterId: adminId });
      expect('ids' in admins && admins.ids.sort((a, b) => a - b)).toEqual(
        [offerA, offerB].sort((a, b) => a - b),
      );
      // An offer with no creator is not the recruiter's, and is among the others.
      await db.updateTable('offers').set({ created_by: null }).where('id', '=', offerB).execute();
      expect(await repo.offerSet(valmont, { recruiterId })).toEqual({ except: [offerB] });
      // Through the route, the same figures as the history of every offer but B.
      const metrics = Object.values(STAT_METRICS);
      const history = (
        await statisticsCountsSelect(
          testDb.dialect,
          {
            companyId: valmont,
            offerIds: offers.map((o) => o.id).filter((id) => id !== offerB),
            spontaneous: false,
            days: [20_485, 20_512],
          },
          metrics,
        ).execute(db)
      ).rows;
      const arrived = history
        .filter((r) => Number(r.metric) === STAT_METRICS.SRC_APPLIED)
        .reduce((sum, r) => sum + Number(r.n), 0);
      const funnel = await get<TStatisticsFunnelReport>(
        admin,
        `/api/statistics/funnel?${FEB}&recruiter_id=${recruiterId}`,
      );
      expect(funnel.current.applications).toBe(arrived);
      expect(arrived).toBeGreaterThan(0);
      const all = await get<TStatisticsOffersReport>(admin, `/api/statistics/offers?${FEB}`);
      const theirs = await get<TStatisticsOffersReport>(
        admin,
        `/api/statistics/offers?${FEB}&recruiter_id=${recruiterId}`,
      );
      const bOpen = await db
        .selectFrom('offers')
        .select('archived')
        .where('id', '=', offerB)
        .executeTakeFirstOrThrow();
      expect(theirs.current.open).toBe(all.current.open - (bOpen.archived ? 0 : 1));
      // Another company's recruiter filter finds none of Valmont's offers.
      const elsewhere = await get<TStatisticsFunnelReport>(
        other,
        `/api/statistics/funnel?${FEB}&recruiter_id=${recruiterId}`,
      );
      expect(elsewhere.current.applications).toBe(0);
    } finally {
      for (const o of offers)
        await db
          .updateTable('offers')
          .set({ created_by: o.created_by })
          .where('id', '=', o.id)
          .execute();
    }
  });
});
