import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAuditLogEntry, TAuditLogPage } from '@embauche/contracts/audit';
import { AuditTrail } from '../src/platform/audit/audit-trail.ts';
import { AuditTrailRepository } from '../src/platform/audit/audit-trail.repository.ts';
import { DEMO_PASSWORD } from '../src/seed/demo-seed.ts';
import { apiAs, type Api } from './support/api.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

const BROWSER = 'Mozilla/5.0 (audit test)';

describe.each(testDatabases())('audit trail on $dialect', (testDb) => {
  let ctx: TestContext;
  let admin: Api;
  let other: Api;
  let me: { id: number; company_id: number };
  let otherMe: { id: number; company_id: number };

  const logs = async (api: Api, query = '') => {
    const res = await api.get(`/api/activity-logs${query}`);
    expect(res.statusCode).toBe(200);
    return res.json<TAuditLogPage>();
  };
  const login = (email: string, password: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password },
      headers: { 'user-agent': BROWSER },
    });
  const rowsOf = (companyId: number) =>
    ctx.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('company_id', '=', companyId)
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    ctx = await startTestApp(testDb);
    const signedIn = await login('admin@demo.test', DEMO_PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    const cookie = signedIn.headers['set-cookie'];
    const value = (Array.isArray(cookie) ? cookie[0] : cookie)!.split(';')[0]!;
    admin = apiAs(ctx.app, value);
    other = apiAs(ctx.app, await signIn(ctx.app, 'admin@other.test'));
    me = (await admin.get('/api/me')).json();
    otherMe = (await other.get('/api/me')).json();
  }, 60_000);
  afterAll(() => ctx.close());

  it('writes a sign-in with the person, the address and the browser, newest first', async () => {
    const page = await logs(admin, '?filter[action]=auth.sign_in');
    const mine = page.data.find((e) => e.actor?.id === me.id)!;
    expect(mine).toMatchObject({
      action: 'auth.sign_in',
      actor: { id: me.id, email: 'admin@demo.test' },
      actor_user_id: me.id,
      acting_as_user: null,
      acting_as_company: null,
      user_agent: BROWSER,
    });
    expect(mine.ip).toBeTruthy();
    const all = await logs(admin);
    const times = all.data.map((e) => e.created_at);
    expect(times).toEqual([...times].sort().reverse());
  });

  it("writes a failed sign-in in the account's company with the e-mail, never the password", async () => {
    const wrong = await login('ADMIN@demo.test', 'not-the-password-123');
    expect(wrong.statusCode).toBe(422);
    const rows = await rowsOf(me.company_id);
    const failed = rows.filter((r) => r.action === 'auth.sign_in_failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({
      actor_user_id: me.id,
      target_type: 'user',
      target_id: me.id,
    });
    expect(JSON.parse(failed[0]!.details!)).toEqual({ email: 'admin@demo.test' });
    expect(JSON.stringify(rows)).not.toContain('not-the-password-123');
    // An e-mail of no account has no company: nothing is written anywhere.
    const before = await ctx.database.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect((await login('nobody@nowhere.test', 'whatever-123')).statusCode).toBe(422);
    const after = await ctx.database.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('writes a sign-out of the session that ends', async () => {
    const cookie = await signIn(ctx.app, 'recruiter@demo.test');
    const res = await apiAs(ctx.app, cookie).post('/api/logout');
    expect(res.statusCode).toBe(204);
    const page = await logs(admin, '?filter[action]=auth.sign_out');
    expect(page.data[0]).toMatchObject({
      action: 'auth.sign_out',
      actor: { email: 'recruiter@demo.test' },
    });
  });

  it('writes the creation and the revocation of a shared link', async () => {
    const applicant = await ctx.database.db
      .selectFrom('applicants')
      .select('id')
      .where('company_id', '=', me.company_id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const made = await admin.post(`/api/applicants/${applicant.id}/shares`, {
      sections: ['profile'],
    });
    expect(made.statusCode).toBe(201);
    const shareId = made.json<{ id: number; token: string }>().id;
    const token = made.json<{ token: string }>().token;
    expect((await admin.del(`/api/applicants/${applicant.id}/shares/${shareId}`)).statusCode).toBe(
      204,
    );
    const page = await logs(admin, '?filter[action]=share.created,share.revoked');
    expect(page.data.map((e) => [e.action, e.target_type, e.target_id])).toEqual([
      ['share.revoked', 'share', shareId],
      ['share.created', 'share', shareId],
    ]);
    expect(page.data[1]!.details).toMatchObject({
      applicant_id: applicant.id,
      type: 'applicant',
      sections: ['profile'],
    });
    expect(JSON.stringify(page)).not.toContain(token);
  });

  it('writes offer exports', async () => {
    const offers = (await admin.get('/api/projects/all/offers?per_page=2')).json<{
      data: { id: number }[];
    }>();
    const ids = offers.data.map((o) => o.id);
    const specific = await admin.post('/api/projects/all/offers/export/specific', {
      format: 'csv',
      offer_ids: ids,
    });
    expect(specific.statusCode).toBe(200);
    expect((await admin.get('/api/projects/all/offers/export/all?format=xlsx')).statusCode).toBe(
      200,
    );
    const page = await logs(admin, '?filter[action]=export.offers');
    expect(page.data.map((e) => e.details?.format)).toEqual(['xlsx', 'csv']);
    expect(page.data[1]!.details).toMatchObject({ offers: ids.length });
  });

  it('filters by action, person, days and name, and pages', async () => {
    const recruiter = (
      await admin.get('/api/activity-logs?filter[q]=recruiter')
    ).json<TAuditLogPage>();
    expect(recruiter.total).toBeGreaterThan(0);
    expect(recruiter.data.every((e) => e.actor?.email === 'recruiter@demo.test')).toBe(true);
    const byUser = await logs(admin, `?filter[user]=${me.id}`);
    expect(byUser.data.every((e) => e.actor_user_id === me.id)).toBe(true);
    expect(byUser.total).toBeGreaterThan(recruiter.total - 1);

    const today = new Date().toISOString().slice(0, 10);
    const all = await logs(admin, '?per_page=100');
    expect((await logs(admin, `?filter[from]=${today}&filter[to]=${today}`)).total).toBe(all.total);
    expect((await logs(admin, '?filter[to]=2000-01-01')).total).toBe(0);
    expect((await logs(admin, '?filter[from]=2999-01-01')).total).toBe(0);

    const first = await logs(admin, '?per_page=2');
    const second = await logs(admin, '?per_page=2&page=2');
    expect(first).toMatchObject({ per_page: 2, current_page: 1, total: all.total });
    expect(first.last_page).toBe(Math.ceil(all.total / 2));
    expect([...first.data, ...second.data].map((e) => e.id)).toEqual(
      all.data.slice(0, 4).map((e) => e.id),
    );

    const bad = await admin.get('/api/activity-logs?filter[action]=auth.nope');
    expect(bad.statusCode).toBe(422);
    expect((await admin.get('/api/activity-logs?filter[from]=yesterday')).statusCode).toBe(422);
  });

  it('is closed to users without config.activity_logs, and to other companies', async () => {
    const recruiter = apiAs(ctx.app, await signIn(ctx.app, 'recruiter@demo.test'));
    expect((await recruiter.get('/api/activity-logs')).statusCode).toBe(403);
    expect((await apiAs(ctx.app).get('/api/activity-logs')).statusCode).toBe(401);
    const theirs = await logs(other, '?per_page=100');
    expect(theirs.data.length).toBeGreaterThan(0);
    expect(theirs.data.every((e) => e.actor_user_id !== me.id)).toBe(true);
    const mine = new Set((await rowsOf(me.company_id)).map((r) => r.id));
    expect(theirs.data.some((e: TAuditLogEntry) => mine.has(e.id))).toBe(false);
    // Their own admin's sign-in is there.
    expect(theirs.data.some((e) => e.actor_user_id === otherMe.id)).toBe(true);
  });

  it('keeps the real person and whom they act as', async () => {
    const trail = new AuditTrail(new AuditTrailRepository(ctx.database.db));
    // A staff member acting as Valmont's admin (issue 16 part 3 fills these in the auth context).
    const staff = await ctx.database.db
      .selectFrom('users')
      .select(['id', 'company_id'])
      .where('email', '=', 'superadmin@demo.test')
      .executeTakeFirstOrThrow();
    await trail.record(
      {
        companyId: me.company_id,
        userId: me.id,
        realUserId: staff.id,
        actingAsUserId: me.id,
        actingAsCompanyId: me.company_id,
        client: { ip: '203.0.113.9', userAgent: BROWSER },
      },
      'acting_as.user',
      { type: 'user', id: me.id },
    );
    const [entry] = (await logs(admin, '?filter[action]=acting_as.user')).data;
    expect(entry).toMatchObject({
      actor: { id: staff.id, email: 'superadmin@demo.test' },
      acting_as_user: { id: me.id, email: 'admin@demo.test' },
      acting_as_company: { id: me.company_id },
      ip: '203.0.113.9',
    });
    expect((await logs(admin, `?filter[user]=${staff.id}`)).total).toBeGreaterThan(0);
  });

  it('refuses updates and deletes, and goes with its company', async () => {
    const [row] = await rowsOf(me.company_id);
    await expect(
      ctx.database.db
        .updateTable('audit_log')
        .set({ action: 'auth.sign_out' })
        .where('id', '=', row!.id)
        .execute(),
    ).rejects.toThrow(/append-only/);
    await expect(
      ctx.database.db.deleteFrom('audit_log').where('id', '=', row!.id).execute(),
    ).rejects.toThrow(/append-only/);
    const now = new Date().toISOString();
    const company = await ctx.database.db
      .insertInto('companies')
      .values({
        social_reason: 'Éphémère',
        slug: `ephemere-${testDb.dialect}`,
        country: 'FR',
        organisation_type: 0,
        client_account: 0,
        subsidiary_mode: false,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await new AuditTrail(new AuditTrailRepository(ctx.database.db)).record(
      { companyId: company.id, userId: me.id },
      'auth.sign_in',
    );
    expect(await rowsOf(company.id)).toHaveLength(1);
    await ctx.database.db.deleteFrom('companies').where('id', '=', company.id).execute();
    expect(await rowsOf(company.id)).toHaveLength(0);
  });
});
