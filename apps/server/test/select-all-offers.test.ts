import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, projectId, type Api } from './support/api.ts';
import { companyOf, insertOffer } from './support/insert-company.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

type Operation = {
  id: number;
  kind: string;
  status: string;
  total: number;
  processed: number;
  changed: number;
  skipped: Record<string, number>;
};

/**
 * "Select all N that match" on an offer list + a batch action (issue 42 part 2): 300 "Vendeur
 * saisonnier" offers and 40 "Magasinier hiver" ones in one project of Valmont; the actions touch exactly
 * the offers the list shows under its filters, less the unticked ones, run as a job above 200,
 * tell what they skipped and why, and never reach another company's offers.
 */
describe.each(testDatabases())('select all offers that match on $dialect', (testDb) => {
  let ctx: TestContext;
  let admin: Api;
  let manager: Api;
  let other: Api;
  let project: number;
  let target: number;
  let sellers: number[];
  let accountants: number[];
  let foreign: number[];
  const search = { 'filter[q]': 'vendeur saisonnier' };

  const offers = (ids: number[]) =>
    ctx.database.db
      .selectFrom('offers')
      .select(['id', 'status', 'archived', 'project_id', 'archived_reason'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
  const statuses = async (ids: number[]) => {
    const counts: Record<string, number> = {};
    for (const o of await offers(ids)) {
      const key = `${o.status}${o.archived ? '+archived' : ''}`;
      counts[key] = (counts[key] ?? 0) + 1;
    }
    return counts;
  };
  const total = async (api: Api, ref: number | string, query: string) =>
    (await api.get(`/api/projects/${ref}/offers?page=1&${query}`)).json<{ total: number }>().total;

  beforeAll(async () => {
    ctx = await startTestApp(testDb);
    admin = apiAs(ctx.app, await signIn(ctx.app, 'admin@demo.test'));
    other = apiAs(ctx.app, await signIn(ctx.app, 'admin@other.test'));
    const db = ctx.database.db;
    const role = await db
      .selectFrom('users')
      .select('role_id')
      .where('email', '=', 'manager@demo.test')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('role_permissions')
      .values({ role_id: role.role_id!, permission: 'project_job_offer.publish' })
      .execute();
    manager = apiAs(ctx.app, await signIn(ctx.app, 'manager@demo.test'));
    const company = (email: string) => companyOf(db, email);
    const valmont = await company('admin@demo.test');
    const otherId = await company('admin@other.test');
    project = await projectId(admin, 'Finance et contrôle de gestion');
    target = await projectId(admin, 'Ressources humaines');
    const otherProject = (await db
      .selectFrom('projects')
      .select('id')
      .where('company_id', '=', otherId)
      .where('type', '=', 1)
      .executeTakeFirstOrThrow())!.id;
    const now = new Date().toISOString();
    const many = async (companyId: number, projectId: number, name: string, n: number) => {
      const ids: number[] = [];
      for (let i = 0; i < n; i++)
        ids.push(await insertOffer(db, companyId, projectId, `${name} ${i}`, now));
      return ids;
    };
    sellers = await many(valmont, project, 'Vendeur saisonnier', 300);
    accountants = await many(valmont, project, 'Magasinier hiver', 40);
    foreign = await many(otherId, otherProject, 'Vendeur saisonnier', 5);
  }, 240_000);
  afterAll(() => ctx.close());

  it('the list shows the 300 sellers under its search', async () => {
    expect(await total(admin, project, 'filter[q]=vendeur%20saisonnier')).toBe(300);
    expect(await total(admin, 'all', 'filter[q]=vendeur%20saisonnier')).toBe(300);
  });

  it('refuses a count that is not the current one: 409 with the current count', async () => {
    const res = await admin.put(`/api/projects/${project}/offers/batch/unpublish`, {
      selection: { all: { filters: search, except: [sellers[0]], count: 300 } },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'selection_changed', errors: { count: ['299'] } });
    expect(await statuses(sellers)).toEqual({ published: 300 });
  });

  it("answers 404 to another company naming Valmont's project, and changes nothing", async () => {
    const res = await other.put(`/api/projects/${project}/offers/batch/unpublish`, {
      selection: { all: { filters: search, count: 300 } },
    });
    expect(res.statusCode).toBe(404);
    // Its own "all" list holds its 5 sellers only.
    const own = await other.put('/api/projects/all/offers/batch/unpublish', {
      selection: { all: { filters: search, count: 300 } },
    });
    expect(own.statusCode).toBe(409);
    expect(own.json()).toMatchObject({ errors: { count: ['5'] } });
    expect(await statuses(sellers)).toEqual({ published: 300 });
  });

  it("keeps the user's sight: the manager's list holds none of them", async () => {
    const res = await manager.put('/api/projects/all/offers/batch/unpublish', {
      selection: { all: { filters: search, count: 300 } },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ errors: { count: ['0'] } });
    const named = await manager.put(`/api/projects/${project}/offers/batch/unpublish`, {
      selection: { all: { filters: search, count: 0 } },
    });
    expect([403, 404]).toContain(named.statusCode);
    expect(await statuses(sellers)).toEqual({ published: 300 });
  });

  it('unpublishes exactly the filtered set less the unticked ones, in a job with progress', async () => {
    const except = [sellers[3]!, sellers[200]!];
    const res = await admin.put(`/api/projects/${project}/offers/batch/unpublish`, {
      selection: { all: { filters: { ...search, page: '2', sort: 'id' }, except, count: 298 } },
    });
    expect(res.statusCode).toBe(202);
    const queued = res.json<Operation>();
    expect(queued).toMatchObject({ kind: 'offers.unpublish', status: 'queued', total: 298 });
    const read = `/api/projects/all/offers/bulk-operations/${queued.id}`;
    expect((await other.get(read)).statusCode).toBe(404);
    expect((await manager.get(read)).statusCode).toBe(404);
    await ctx.app.worker.drain();
    const done = (await admin.get(read)).json<Operation>();
    expect(done).toMatchObject({ status: 'done', total: 298, processed: 298, changed: 298 });
    expect(done.skipped).toEqual({});
    expect(await statuses(sellers)).toEqual({ unpublished: 298, published: 2 });
    expect((await offers(except)).map((o) => o.status)).toEqual(['published', 'published']);
    expect(await statuses(accountants)).toEqual({ published: 40 });
    expect(await statuses(foreign)).toEqual({ published: 5 });
  }, 120_000);

  it('tells what it skipped and why, at once under 200', async () => {
    // The 40 accountants and 2 sellers still published, the 298 others skipped: 300 + 40 = 340
    // is a job; the accountants alone (40) are done during the request.
    const res = await admin.put(`/api/projects/${project}/offers/batch/unpublish`, {
      selection: { all: { filters: { 'filter[q]': 'magasinier hiver' }, count: 40 } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Operation>()).toMatchObject({ status: 'done', changed: 40, processed: 40 });
    const again = await admin.put(`/api/projects/${project}/offers/batch/unpublish`, {
      selection: { all: { filters: { 'filter[q]': 'magasinier hiver' }, count: 40 } },
    });
    expect(again.json<Operation>()).toMatchObject({ changed: 0, skipped: { not_published: 40 } });
  });

  it('archives the filtered set with its reason; archived offers leave the list', async () => {
    const filters = { 'filter[q]': 'magasinier hiver', 'filter[status]': 'unpublished' };
    expect(
      await total(admin, project, 'filter[q]=magasinier%20hiver&filter[status]=unpublished'),
    ).toBe(40);
    const res = await admin.put(`/api/projects/${project}/offers/batch/archive`, {
      reason: 'position_filled',
      selection: { all: { filters, except: [accountants[0]], count: 39 } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Operation>()).toMatchObject({ status: 'done', changed: 39 });
    const rows = await offers(accountants);
    expect(rows.filter((o) => o.archived && o.archived_reason === 'position_filled')).toHaveLength(
      39,
    );
    expect(Boolean(rows[0]!.archived)).toBe(false);
    expect(await total(admin, project, 'filter[q]=magasinier%20hiver')).toBe(1);
  });

  it('moves every seller of the list to another project (a job), checks the target first', async () => {
    const bad = await admin.put(`/api/projects/${project}/offers/batch/move`, {
      target_project: await projectId(admin, 'Siège – Lyon'),
      selection: { all: { filters: search, count: 300 } },
    });
    expect(bad.statusCode).toBe(422);
    const res = await admin.put(`/api/projects/${project}/offers/batch/move`, {
      target_project: target,
      selection: { all: { filters: search, count: 300 } },
    });
    expect(res.statusCode).toBe(202);
    await ctx.app.worker.drain();
    const done = (
      await admin.get(`/api/projects/all/offers/bulk-operations/${res.json<Operation>().id}`)
    ).json<Operation>();
    expect(done).toMatchObject({ status: 'done', processed: 300, changed: 300 });
    expect((await offers(sellers)).every((o) => o.project_id === target)).toBe(true);
    expect((await offers(accountants)).every((o) => o.project_id === project)).toBe(true);
    expect(await total(admin, project, 'filter[q]=vendeur%20saisonnier')).toBe(0);
  }, 120_000);

  it('exports all that match less the unticked ones, as the list shows them', async () => {
    const res = await admin.get(
      '/api/projects/all/offers/export/all' +
        `?format=csv&project=${project}&filter[q]=magasinier%20hiver&filter[archived]=all&except=${accountants[1]},${accountants[2]}`,
    );
    expect(res.statusCode).toBe(200);
    const lines = res.body.trim().split(/\r?\n/).slice(1);
    expect(lines).toHaveLength(38);
    expect(res.body).not.toMatch(/Magasinier hiver 1[,;"]/);
    expect(res.body).toMatch(/Magasinier hiver 0[,;"]/);
    const other2 = await other.get(
      `/api/projects/all/offers/export/all?format=csv&project=${project}&filter[q]=magasinier%20hiver`,
    );
    expect(other2.statusCode).toBe(404);
    const bad = await admin.get('/api/projects/all/offers/export/all?format=csv&except=1,x');
    expect(bad.statusCode).toBe(422);
    // An id no table holds is refused before the file starts (PostgreSQL failed it mid-stream).
    const huge = await admin.get(
      '/api/projects/all/offers/export/all?format=csv&except=1,99999999999999999999',
    );
    expect([huge.statusCode, huge.json().errors]).toEqual([422, { except: ['invalid'] }]);
  });

  it('keeps the id form', async () => {
    const res = await admin.put(`/api/projects/${target}/offers/batch/publish`, {
      offers_ids: [sellers[10], foreign[0]],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      changed: [sellers[10]],
      failed: [{ id: foreign[0], reason: 'not_found' }],
    });
    expect(await statuses(foreign)).toEqual({ published: 5 });
  });
});
