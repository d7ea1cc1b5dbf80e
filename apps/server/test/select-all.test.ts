import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, projectId, type Api } from './support/api.ts';
import { companyOf, insertOffer } from './support/insert-company.ts';
import { insertApplicants } from './support/insert-applicants.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

type Operation = {
  id: number;
  status: string;
  total: number;
  processed: number;
  changed: number;
  skipped: Record<string, number>;
};

/**
 * "Select all that match" + status change (issue 42 part 2) on an offer of 12,000 applications:
 * the change touches exactly the filtered set, runs as a job above 200, tells what it skipped and
 * why, and never reaches another company's applications or offers the user does not see.
 */
describe.each(testDatabases())('select all that match on $dialect', (testDb) => {
  let ctx: TestContext;
  let admin: Api;
  let manager: Api;
  let other: Api;
  let companyId: number;
  let project: number;
  let offer: number;
  /** Applications at status 2 on another offer of Valmont, and on an offer of the other company. */
  let elsewhere: number[];
  let otherCompany: number[];

  const statusCounts = async (offerId: number) => {
    const rows = await ctx.database.db
      .selectFrom('applications')
      .select((eb) => ['status_id', eb.fn.countAll<number>().as('n')])
      .where('offer_id', '=', offerId)
      .groupBy('status_id')
      .execute();
    return Object.fromEntries(rows.map((r) => [r.status_id, Number(r.n)]));
  };
  const statusOf = async (ids: number[]) =>
    (
      await ctx.database.db
        .selectFrom('applications')
        .select('status_id')
        .where('id', 'in', ids)
        .execute()
    ).map((r) => r.status_id);
  const offerList = (api: Api, filters: Record<string, string>, count: number, status = 3) =>
    api.put('/api/treatment/applications/statuses', {
      selection: { all: { list: 'offer', project_id: project, offer_id: offer, filters, count } },
      status_id: status,
    });

  beforeAll(async () => {
    ctx = await startTestApp(testDb);
    admin = apiAs(ctx.app, await signIn(ctx.app, 'admin@demo.test'));
    other = apiAs(ctx.app, await signIn(ctx.app, 'admin@other.test'));
    const db = ctx.database.db;
    // The manager (one agency, one offer) may change statuses here.
    const role = await db
      .selectFrom('users')
      .select('role_id')
      .where('email', '=', 'manager@demo.test')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('role_permissions')
      .values({ role_id: role.role_id!, permission: 'project_application.change_status' })
      .execute();
    manager = apiAs(ctx.app, await signIn(ctx.app, 'manager@demo.test'));
    const company = (email: string) => companyOf(db, email);
    companyId = await company('admin@demo.test');
    const otherId = await company('admin@other.test');
    project = await projectId(admin, 'Finance et contrôle de gestion');
    const now = new Date().toISOString();
    const newOffer = (company_id: number, project_id: number, job_position: string) =>
      insertOffer(db, company_id, project_id, job_position, now);
    offer = await newOffer(companyId, project, 'Saisonnier grande surface');
    const second = await newOffer(companyId, project, 'Autre offre');
    const otherProject = (await db
      .selectFrom('projects')
      .select('id')
      .where('company_id', '=', otherId)
      .executeTakeFirstOrThrow())!.id;
    const foreign = await newOffer(otherId, otherProject, 'Offre de la mairie');
    // 12,000 applications, in chunks (bound-parameter limits); every fourth at status 2.
    const applications: number[] = [];
    for (let start = 0; start < 12_000; start += 1000) {
      const rows = await insertApplicants(
        db,
        Array.from({ length: 1000 }, (_, i) => ({
          company_id: companyId,
          firstname: `Prénom${start + i}`,
          lastname: 'Saison',
          email: `saison${start + i}@exemple.fr`,
          offer_id: offer,
        })),
      );
      applications.push(...rows.map((r) => r.application!));
    }
    const shortlisted = applications.filter((_, i) => i % 4 === 0);
    for (let i = 0; i < shortlisted.length; i += 500)
      await db
        .updateTable('applications')
        .set({ status_id: 2 })
        .where('id', 'in', shortlisted.slice(i, i + 500))
        .execute();
    // 40 of them from job board 1 (10 of those at status 2): the small selection's filter.
    await db
      .updateTable('applications')
      .set({ jobboard_id: 1 })
      .where('id', 'in', applications.slice(100, 140))
      .execute();
    const few = async (company_id: number, offer_id: number, prefix: string) => {
      const rows = await insertApplicants(
        db,
        Array.from({ length: 5 }, (_, i) => ({
          company_id,
          firstname: prefix,
          lastname: `N${i}`,
          email: `${prefix}${i}@exemple.fr`,
          offer_id,
        })),
      );
      const ids = rows.map((r) => r.application!);
      await db.updateTable('applications').set({ status_id: 2 }).where('id', 'in', ids).execute();
      return ids;
    };
    elsewhere = await few(companyId, second, 'ailleurs');
    otherCompany = await few(otherId, foreign, 'mairie');
  }, 240_000);
  afterAll(() => ctx.close());

  it('refuses a count that is not the current one: 409 with the current count', async () => {
    const res = await offerList(admin, { 'filter[statuses]': '2' }, 2999);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'selection_changed', errors: { count: ['3000'] } });
    expect(await statusCounts(offer)).toEqual({ 1: 9000, 2: 3000 });
  });

  it("answers 404 to another company naming Valmont's offer, and changes nothing", async () => {
    const res = await offerList(other, { 'filter[statuses]': '2' }, 3000);
    expect(res.statusCode).toBe(404);
    const op = await admin.get('/api/applications/bulk-operations/999999');
    expect(op.statusCode).toBe(404);
    expect(await statusCounts(offer)).toEqual({ 1: 9000, 2: 3000 });
  });

  it('changes exactly the 3,000 filtered applications in a job, with progress and history', async () => {
    const res = await offerList(admin, { 'filter[statuses]': '2' }, 3000);
    expect(res.statusCode).toBe(202);
    const queued = res.json<Operation>();
    expect(queued).toMatchObject({ status: 'queued', total: 3000, processed: 0 });
    // Another company cannot read the operation; another user of Valmont neither.
    expect((await other.get(`/api/applications/bulk-operations/${queued.id}`)).statusCode).toBe(
      404,
    );
    await ctx.app.worker.drain();
    const done = (
      await admin.get(`/api/applications/bulk-operations/${queued.id}`)
    ).json<Operation>();
    expect(done).toMatchObject({ status: 'done', total: 3000, processed: 3000, changed: 3000 });
    expect(done.skipped).toEqual({});
    // Each route reads its own kind of operation: not the status change's by the others' routes.
    for (const url of [
      `/api/recruitment-lists/bulk-operations/${queued.id}`,
      `/api/applications/duplicate-operations/${queued.id}`,
      `/api/projects/all/offers/bulk-operations/${queued.id}`,
    ])
      expect((await admin.get(url)).statusCode, url).toBe(404);
    expect(await statusCounts(offer)).toEqual({ 1: 9000, 3: 3000 });
    // Nothing elsewhere: Valmont's other offer, the other company.
    expect(await statusOf(elsewhere)).toEqual([2, 2, 2, 2, 2]);
    expect(await statusOf(otherCompany)).toEqual([2, 2, 2, 2, 2]);
    const history = await ctx.database.db
      .selectFrom('application_status_history')
      .innerJoin('applications', 'applications.id', 'application_status_history.application_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('applications.offer_id', '=', offer)
      .where('application_status_history.to_status_id', '=', 3)
      .executeTakeFirstOrThrow();
    expect(Number(history.n)).toBe(3000);
  }, 120_000);

  it('changes a small selection at once and tells what it skipped and why', async () => {
    // 40 from job board 1: 30 new, 10 moved to 3 above (left alone: `unchanged`).
    const filters = { 'filter[job_boards]': '1' };
    const listed = await admin.get(
      `/api/projects/${project}/offers/${offer}/applications?page=1&filter[job_boards]=1`,
    );
    const total = listed.json<{ total: number }>().total;
    expect(total).toBe(40);
    const res = await offerList(admin, filters, total);
    expect(res.statusCode).toBe(200);
    const op = res.json<Operation>();
    expect(op.status).toBe('done');
    expect(op.processed).toBe(total);
    expect(op).toMatchObject({ changed: 30, skipped: { unchanged: 10 } });
    // A status that needs a motif, without one: every one skipped as `motif_required`.
    const refused = await offerList(admin, filters, total, 7);
    expect(refused.json<Operation>()).toMatchObject({
      changed: 0,
      skipped: { motif_required: total },
    });
  });

  it("keeps the list's scope: the manager's treatment list never reaches offers out of sight", async () => {
    const seen = await manager.get(`/api/projects/${project}/offers/${offer}/applications?page=1`);
    expect([403, 404]).toContain(seen.statusCode);
    const page = await manager.get('/api/treatment/applications?page=1');
    const count = page.json<{ total: number }>().total;
    expect(count).toBeGreaterThan(0);
    const before = await statusCounts(offer);
    const res = await manager.put('/api/treatment/applications/statuses', {
      selection: { all: { list: 'treatment', filters: {}, count } },
      status_id: 2,
    });
    expect([200, 202]).toContain(res.statusCode);
    await ctx.app.worker.drain();
    const op = (
      await manager.get(`/api/applications/bulk-operations/${res.json<Operation>().id}`)
    ).json<Operation>();
    expect(op).toMatchObject({ status: 'done', processed: count, changed: count });
    expect(await statusCounts(offer)).toEqual(before);
    expect(await statusOf(elsewhere)).toEqual([2, 2, 2, 2, 2]);
    expect((await manager.get('/api/treatment/applications?page=1')).json().total).toBe(0);
    // The admin cannot read the manager's operation.
    expect((await admin.get(`/api/applications/bulk-operations/${op.id}`)).statusCode).toBe(404);
  });

  it('keeps the array forms and takes a list of ids', async () => {
    const ids = elsewhere.slice(0, 2);
    const res = await admin.put('/api/treatment/applications/statuses', {
      selection: { ids },
      status_id: 4,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Operation>()).toMatchObject({ status: 'done', changed: 2, total: 2 });
    expect(await statusOf(ids)).toEqual([4, 4]);
    const old = await admin.put('/api/treatment/applications/statuses', [
      { application_id: elsewhere[2], status_id: 4 },
    ]);
    expect(old.json()).toEqual({ changed: [elsewhere[2]], failed: [] });
    // Another company's ids: nothing found, nothing changed.
    const foreign = await admin.put('/api/treatment/applications/statuses', {
      selection: { ids: otherCompany },
      status_id: 4,
    });
    expect(foreign.json<Operation>()).toMatchObject({ total: 0, changed: 0 });
    expect(await statusOf(otherCompany)).toEqual([2, 2, 2, 2, 2]);
  });
});
