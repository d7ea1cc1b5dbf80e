import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, type Api } from './support/api.ts';
import { multipart } from './support/multipart.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

type Offer = { id: number; project_id: number };
type Applicant = { id: number; firstname: string; lastname: string };

/**
 * Applicants follow the user's project scope (docs/security.md "Who sees which applicants"): the
 * demo manager, without project.see_all, sees one agency and one offer granted directly, and no
 * spontaneous applications; every applicant route, list, search, count and bundle keeps to that.
 */
describe.each(testDatabases())('applicant scope on $dialect', (testDb) => {
  let ctx: TestContext;
  let admin: Api;
  let manager: Api;
  let managerCookie: string;
  let visible: Set<number>;
  let outside: Applicant;
  let inside: Applicant;

  /** Applicant ids of every application on these offers, as the administrator reads them. */
  async function applicantsOn(offers: Offer[]): Promise<Set<number>> {
    const ids = new Set<number>();
    for (const o of offers) {
      const rows = (
        await admin.get(`/api/projects/${o.project_id}/offers/${o.id}/applications`)
      ).json() as { applicant_id: number }[];
      for (const r of rows) ids.add(r.applicant_id);
    }
    return ids;
  }

  beforeAll(async () => {
    ctx = await startTestApp(testDb);
    admin = apiAs(ctx.app, await signIn(ctx.app, 'admin@demo.test'));
    managerCookie = await signIn(ctx.app, 'manager@demo.test');
    manager = apiAs(ctx.app, managerCookie);
    const offers = (
      await manager.get('/api/projects/all/offers?per_page=100&filter[archived]=all')
    ).json().data as Offer[];
    expect(offers.length).toBeGreaterThan(0);
    visible = await applicantsOn(offers);
    const all = (await admin.get('/api/applicants?per_page=100')).json().data as Applicant[];
    outside = all.find((a) => !visible.has(a.id))!;
    inside = all.find((a) => visible.has(a.id))!;
    expect(outside).toBeDefined();
    expect(inside).toBeDefined();
  });
  afterAll(() => ctx.close());

  it('lists and counts only the applicants on offers the manager reaches', async () => {
    const mine = (await manager.get('/api/applicants?per_page=100')).json();
    const everyone = (await admin.get('/api/applicants?per_page=1')).json();
    expect(mine.total).toBe(visible.size);
    expect(mine.total).toBeLessThan(everyone.total);
    expect(new Set(mine.data.map((a: Applicant) => a.id))).toEqual(visible);
  });

  it('answers 404 on every applicant route for an applicant outside the scope', async () => {
    const id = outside.id;
    for (const path of [
      '',
      '/detail',
      '/full-profile',
      '/cv',
      '/visio',
      '/motivation',
      '/documents',
      '/ask-documents',
      '/summary',
      '/applications-overview',
    ]) {
      const res = await manager.get(`/api/applicants/${id}${path}`);
      expect(res.statusCode, path).toBe(404);
      expect(res.body).not.toContain(outside.lastname);
      expect((await admin.get(`/api/applicants/${id}${path}`)).statusCode, path).not.toBe(404);
    }
    // Inside the scope the same routes answer.
    expect((await manager.get(`/api/applicants/${inside.id}/detail`)).statusCode).toBe(200);
  });

  it('finds by name only inside the scope', async () => {
    const search = (api: Api, text: string) =>
      api.get(`/api/applicants?search=${encodeURIComponent(text)}`).then((r) => r.json());
    const theirs = await search(manager, `${outside.firstname} ${outside.lastname}`);
    expect(theirs.data.map((a: Applicant) => a.id)).not.toContain(outside.id);
    const admins = await search(admin, `${outside.firstname} ${outside.lastname}`);
    expect(admins.data.map((a: Applicant) => a.id)).toContain(outside.id);
    const own = await search(manager, `${inside.firstname} ${inside.lastname}`);
    expect(own.data.map((a: Applicant) => a.id)).toContain(inside.id);
    expect(own.total).toBeLessThanOrEqual(visible.size);
  });

  it('suggests only the tags of the applicants the manager sees', async () => {
    const tag = async (id: number, name: string) =>
      expect((await admin.put(`/api/applicants/${id}/tags`, { tags: [name] })).statusCode).toBe(
        200,
      );
    await tag(outside.id, 'zz-hors-agence');
    await tag(inside.id, 'zz-agence');
    const suggested = async (api: Api) =>
      (await api.get('/api/applicants/tags?search=zz-')).json() as string[];
    expect(await suggested(admin)).toEqual(expect.arrayContaining(['zz-hors-agence', 'zz-agence']));
    expect(await suggested(manager)).toEqual(['zz-agence']);
  });

  it('bundles only the CVs the manager may see', async () => {
    const res = await manager.post('/api/applicants/offer_cv', {
      ids: [inside.id, outside.id],
      type: 'zip',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-skipped-applicants']).toBe(String(outside.id));
    const onlyOutside = await manager.post('/api/applicants/offer_cv', {
      ids: [outside.id],
      type: 'zip',
    });
    expect(onlyOutside.statusCode).toBe(422);
  });

  it('counts in the detail only the applications the manager sees', async () => {
    const mine = (await manager.get(`/api/applicants/${inside.id}/detail`)).json();
    const overview = (
      await manager.get(`/api/applicants/${inside.id}/applications-overview`)
    ).json();
    expect(mine.applications_count).toBe(overview.length);
  });

  it('shows spontaneous applicants only with project_application.see_spontaneous', async () => {
    const body = multipart({
      firstname: 'Solène',
      lastname: 'Spontanée',
      email: 'solene@spont.test',
    });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/applicants/manual',
      payload: body.payload,
      headers: { ...body.headers, cookie: await signIn(ctx.app, 'admin@demo.test') },
    });
    expect(res.statusCode).toBe(201);
    const { applicant, application } = res.json();
    expect((await manager.get(`/api/applicants/${applicant.id}`)).statusCode).toBe(404);
    expect((await manager.get(`/api/applications/${application.id}`)).statusCode).toBe(403);
    expect((await manager.get('/api/treatment/spontaneous')).statusCode).toBe(403);

    const role = await ctx.database.db
      .selectFrom('users')
      .select('role_id')
      .where('email', '=', 'manager@demo.test')
      .executeTakeFirstOrThrow();
    await ctx.database.db
      .insertInto('role_permissions')
      .values({ role_id: role.role_id!, permission: 'project_application.see_spontaneous' })
      .execute();
    try {
      expect((await manager.get(`/api/applicants/${applicant.id}`)).statusCode).toBe(200);
      expect((await manager.get(`/api/applications/${application.id}`)).statusCode).toBe(200);
      const list = (await manager.get('/api/treatment/spontaneous')).json();
      expect(list.data.map((a: { id: number }) => a.id)).toContain(application.id);
      // Still nothing of the offers outside the scope.
      expect((await manager.get(`/api/applicants/${outside.id}`)).statusCode).toBe(404);
    } finally {
      await ctx.database.db
        .deleteFrom('role_permissions')
        .where('role_id', '=', role.role_id!)
        .where('permission', '=', 'project_application.see_spontaneous')
        .execute();
    }
  });
});
