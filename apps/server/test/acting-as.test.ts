import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  TActingCompanyPage,
  TActingRole,
  TActingUserPage,
} from '@embauche/contracts/acting-as';
import type { TMe } from '@embauche/contracts/auth';
import { apiAs } from './support/api.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

/** A browser: keeps the cookie a switch answers, as a browser would. */
class Browser {
  constructor(
    private readonly ctx: TestContext,
    public cookie: string,
  ) {}

  async call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
    const res = await this.ctx.app.inject({
      method,
      url,
      headers: { cookie: this.cookie },
      ...(payload ? { payload } : {}),
    });
    const set = res.cookies.find((c) => c.name === 'embauche_session');
    if (set) this.cookie = `embauche_session=${set.value}`;
    return res;
  }
  get = (url: string) => this.call('GET', url);
  put = (url: string, payload: object) => this.call('PUT', url, payload);
  post = (url: string) => this.call('POST', url);
  me = async () => (await this.get('/api/me')).json<TMe>();
  permissions = async () => (await this.get('/api/permissions/me')).json<string[]>();
}

const SUPER_ROUTES: [string, string, object?][] = [
  ['PUT', '/api/superadmin/change_company', { company_id: 1 }],
  ['PUT', '/api/superadmin/change_user', { user_id: 1 }],
  ['POST', '/api/superadmin/reset'],
  ['POST', '/api/superadmin/reset-user'],
  ['GET', '/api/superadmin/current_company'],
  ['GET', '/api/superadmin/current_user'],
  ['GET', '/api/superadmin/companies'],
  ['GET', '/api/superadmin/users'],
];
const PARTNER_ROUTES: [string, string, object?][] = [
  ['PUT', '/api/partner/change-company', { company_id: 1 }],
  ['PUT', '/api/partner/change-role', { role_id: 1 }],
  ['PUT', '/api/partner/change-user', { user_id: 1 }],
  ['POST', '/api/partner/reset'],
  ['POST', '/api/partner/reset-user'],
  ['GET', '/api/partner/current-company'],
  ['GET', '/api/partner/current-role'],
  ['GET', '/api/partner/current-user'],
  ['GET', '/api/partner/companies'],
  ['GET', '/api/partner/roles'],
  ['GET', '/api/partner/users'],
];

describe.each(testDatabases())('acting as someone on $dialect', (testDb) => {
  let ctx: TestContext;
  let ids: { valmont: number; mairie: number; internal: number };
  const userId = async (email: string, companyId: number) =>
    (
      await ctx.database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .where('company_id', '=', companyId)
        .executeTakeFirstOrThrow()
    ).id;
  const roleId = async (name: string, companyId: number) =>
    (
      await ctx.database.db
        .selectFrom('roles')
        .select('id')
        .where('name', '=', name)
        .where('company_id', '=', companyId)
        .executeTakeFirstOrThrow()
    ).id;
  const permissionsOf = async (email: string) =>
    (await apiAs(ctx.app, await signIn(ctx.app, email)).get('/api/permissions/me')).json<
      string[]
    >();
  const browser = async (email: string) => new Browser(ctx, await signIn(ctx.app, email));
  const auditRows = (action: string) =>
    ctx.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', action)
      .orderBy('id')
      .execute();
  const expectNewSession = async (b: Browser, res: LightMyRequestResponse, before: string) => {
    expect(res.statusCode).toBe(204);
    expect(b.cookie).not.toBe(before);
    // The replaced session is closed at once.
    const old = await ctx.app.inject({ url: '/api/me', headers: { cookie: before } });
    expect(old.statusCode).toBe(401);
  };

  beforeAll(async () => {
    ctx = await startTestApp(testDb);
    const company = async (name: string) =>
      (
        await ctx.database.db
          .selectFrom('companies')
          .select('id')
          .where('social_reason', '=', name)
          .executeTakeFirstOrThrow()
      ).id;
    ids = {
      valmont: await company('Groupe Valmont'),
      mairie: await company('Mairie de Saint-Aubin'),
      internal: await company('Embauche'),
    };
  }, 60_000);
  afterAll(() => ctx.close());

  it('anonymous: 401; a recruiter or a company administrator: 403 on every route of both families', async () => {
    for (const email of ['recruiter@demo.test', 'admin@demo.test']) {
      const b = await browser(email);
      for (const [method, url, body] of [...SUPER_ROUTES, ...PARTNER_ROUTES]) {
        const res = await b.call(method as 'GET', url, body);
        expect(res.statusCode, `${email} ${method} ${url}`).toBe(403);
      }
    }
    for (const [method, url, body] of [...SUPER_ROUTES, ...PARTNER_ROUTES]) {
      const res = await ctx.app.inject({
        method: method as 'GET',
        url,
        ...(body ? { payload: body } : {}),
      });
      expect(res.statusCode).toBe(401);
    }
  });

  it('the super administrator lists, searches and pages every company; the partner routes are not theirs', async () => {
    const b = await browser('superadmin@demo.test');
    const all = (await b.get('/api/superadmin/companies')).json<TActingCompanyPage>();
    expect(all.data.map((c) => c.social_reason)).toEqual([
      'Embauche',
      'Groupe Valmont',
      'Mairie de Saint-Aubin',
    ]);
    expect(all.data.every((c) => !c.spoofed)).toBe(true);
    const found = (
      await b.get('/api/superadmin/companies?filter[search]=SAINT')
    ).json<TActingCompanyPage>();
    expect(found.data.map((c) => c.id)).toEqual([ids.mairie]);
    // Blind to accents and case: "saint-aubin" or "SAINT-AUBÏN" alike.
    const folded = (
      await b.get(`/api/superadmin/companies?filter[search]=${encodeURIComponent('SAINT-AUBÏN')}`)
    ).json<TActingCompanyPage>();
    expect(folded.data.map((c) => c.id)).toEqual([ids.mairie]);
    const paged = (
      await b.get('/api/superadmin/companies?per_page=1&page=2')
    ).json<TActingCompanyPage>();
    expect(paged).toMatchObject({ total: 3, last_page: 3, current_page: 2 });
    expect(paged.data).toHaveLength(1);
    // No company acted as: no user to pick.
    expect((await b.get('/api/superadmin/users')).json<TActingUserPage>().total).toBe(0);
    for (const [method, url, body] of PARTNER_ROUTES)
      expect((await b.call(method as 'GET', url, body)).statusCode).toBe(403);
  });

  it('the super administrator acts as the second company, then as its user, then resets', async () => {
    const b = await browser('superadmin@demo.test');
    const sophie = (await b.me()).id;
    const nadia = await userId('admin@other.test', ids.mairie);
    const nadiaPermissions = await permissionsOf('admin@other.test');
    const auditBefore = (await auditRows('acting_as.company')).length;

    let before = b.cookie;
    await expectNewSession(
      b,
      await b.put('/api/superadmin/change_company', { company_id: ids.mairie }),
      before,
    );
    const asCompany = await b.me();
    expect(asCompany).toMatchObject({
      id: sophie,
      company_id: ids.mairie,
      company_name: 'Mairie de Saint-Aubin',
      super_admin: true,
      role: { name: 'Administrateur' },
      acting_as: {
        real_user: { id: sophie, firstname: 'Sophie', lastname: 'Bernard' },
        company: { id: ids.mairie, social_reason: 'Mairie de Saint-Aubin' },
        role: null,
        user: null,
      },
    });
    // The company's root role: what its administrator holds, never the super administration.
    expect((await b.permissions()).sort()).toEqual([...nadiaPermissions].sort());
    expect(await b.permissions()).not.toContain('user.super_admin');
    expect((await b.get('/api/superadmin/current_company')).json()).toEqual({
      id: ids.mairie,
      social_reason: 'Mairie de Saint-Aubin',
      spoofed: true,
    });
    // Their profile stays their own, in their own company.
    const profile = await b.get('/api/user_profile/personal_infos');
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json()).toMatchObject({ firstname: 'Sophie', lastname: 'Bernard' });
    expect((await b.get('/api/superadmin/current_user')).json()).toMatchObject({
      id: sophie,
      spoofed: false,
    });
    const users = (await b.get('/api/superadmin/users')).json<TActingUserPage>();
    expect(users.data.map((u) => `${u.firstname} ${u.lastname}`)).toEqual([
      'Nadia Benali',
      'Léa Garnier',
    ]);
    expect(users.data[0]).toMatchObject({ role_name: 'Administrateur', spoofed: false });
    expect(
      (await b.get('/api/superadmin/users?filter[search]=benali')).json<TActingUserPage>().data,
    ).toHaveLength(1);
    // A user of another company is out of reach.
    const valmontAdmin = await userId('admin@demo.test', ids.valmont);
    expect((await b.put('/api/superadmin/change_user', { user_id: valmontAdmin })).statusCode).toBe(
      404,
    );

    before = b.cookie;
    await expectNewSession(
      b,
      await b.put('/api/superadmin/change_user', { user_id: nadia }),
      before,
    );
    const asUser = await b.me();
    expect(asUser).toMatchObject({
      id: nadia,
      email: 'admin@other.test',
      company_id: ids.mairie,
      super_admin: true,
      acting_as: { real_user: { id: sophie }, user: { id: nadia, firstname: 'Nadia' } },
    });
    expect((await b.permissions()).sort()).toEqual([...nadiaPermissions].sort());
    expect((await b.get('/api/superadmin/current_user')).json()).toMatchObject({
      id: nadia,
      spoofed: true,
    });

    before = b.cookie;
    await expectNewSession(b, await b.post('/api/superadmin/reset-user'), before);
    expect(await b.me()).toMatchObject({
      id: sophie,
      company_id: ids.mairie,
      acting_as: { user: null },
    });

    before = b.cookie;
    await expectNewSession(b, await b.post('/api/superadmin/reset'), before);
    const own = await b.me();
    expect(own).toMatchObject({ id: sophie, company_id: ids.internal, acting_as: null });
    expect(await b.permissions()).toContain('user.super_admin');

    // A reset while acting as nobody changes nothing: same session.
    before = b.cookie;
    const noop = await b.post('/api/superadmin/reset');
    expect(noop.statusCode).toBe(204);
    expect(b.cookie).toBe(before);
    expect((await b.get('/api/me')).statusCode).toBe(200);

    // The trail holds every switch and reset with the real person.
    const switched = await auditRows('acting_as.company');
    expect(switched).toHaveLength(auditBefore + 1);
    expect(switched.at(-1)).toMatchObject({
      company_id: ids.mairie,
      actor_user_id: sophie,
      acting_as_company_id: ids.mairie,
      target_type: 'company',
      target_id: ids.mairie,
    });
    expect((await auditRows('acting_as.user')).at(-1)).toMatchObject({
      company_id: ids.mairie,
      actor_user_id: sophie,
      acting_as_user_id: nadia,
      target_id: nadia,
    });
    const resets = (await auditRows('acting_as.reset')).filter((r) => r.actor_user_id === sophie);
    expect(resets.map((r) => JSON.parse(r.details!).to)).toEqual(['company', 'own']);
    expect(resets.every((r) => r.company_id === ids.mairie)).toBe(true);
  });

  it('nobody acts as a super administrator', async () => {
    const b = await browser('superadmin@demo.test');
    const sophie = (await b.me()).id;
    await b.put('/api/superadmin/change_company', { company_id: ids.internal });
    expect((await b.put('/api/superadmin/change_user', { user_id: sophie })).statusCode).toBe(404);
    const listed = (await b.get('/api/superadmin/users')).json<TActingUserPage>();
    expect(listed.data.map((u) => u.id)).not.toContain(sophie);
    expect(
      (await b.put('/api/superadmin/change_company', { company_id: 2_000_000 })).statusCode,
    ).toBe(404);
    await b.post('/api/superadmin/reset');
  });

  it('the partner reaches only its companies, acts as a role or a user with exactly their permissions', async () => {
    const b = await browser('partner@demo.test');
    const marc = (await b.me()).id;
    const companies = (await b.get('/api/partner/companies')).json<TActingCompanyPage>();
    expect(companies.data.map((c) => c.id).sort()).toEqual([ids.valmont, ids.mairie].sort());
    // Its own company is linked to no partner: out of reach, as is any unknown one.
    expect(
      (await b.put('/api/partner/change-company', { company_id: ids.internal })).statusCode,
    ).toBe(404);
    expect((await b.put('/api/partner/change-role', { role_id: 1 })).statusCode).toBe(404);
    expect((await b.get('/api/partner/roles')).json()).toEqual([]);
    for (const [method, url, body] of SUPER_ROUTES)
      expect((await b.call(method as 'GET', url, body)).statusCode).toBe(403);

    let before = b.cookie;
    await expectNewSession(
      b,
      await b.put('/api/partner/change-company', { company_id: ids.valmont }),
      before,
    );
    expect((await b.get('/api/partner/current-company')).json()).toMatchObject({
      id: ids.valmont,
      spoofed: true,
    });
    const roles = (await b.get('/api/partner/roles')).json<TActingRole[]>();
    expect(roles.map((r) => r.name).sort()).toEqual(['Administrateur', 'Manager', 'Recruteur']);
    expect(roles.filter((r) => r.parent_id === null)).toHaveLength(1);
    expect((await b.get('/api/partner/current-role')).json()).toBeNull();

    const recruiterRole = await roleId('Recruteur', ids.valmont);
    expect(
      (
        await b.put('/api/partner/change-role', {
          role_id: await roleId('Administrateur', ids.mairie),
        })
      ).statusCode,
    ).toBe(404);
    before = b.cookie;
    await expectNewSession(
      b,
      await b.put('/api/partner/change-role', { role_id: recruiterRole }),
      before,
    );
    expect((await b.permissions()).sort()).toEqual(
      [...(await permissionsOf('recruiter@demo.test'))].sort(),
    );
    expect((await b.get('/api/partner/current-role')).json()).toMatchObject({
      id: recruiterRole,
      name: 'Recruteur',
    });
    expect(await b.me()).toMatchObject({
      id: marc,
      partner_admin: true,
      role: { id: recruiterRole, name: 'Recruteur' },
      acting_as: { role: { id: recruiterRole, name: 'Recruteur' }, user: null },
    });
    const role = (await auditRows('acting_as.role')).at(-1)!;
    expect(role).toMatchObject({
      company_id: ids.valmont,
      actor_user_id: marc,
      target_type: 'role',
      target_id: recruiterRole,
    });

    const manager = await userId('manager@demo.test', ids.valmont);
    expect(
      (
        await b.put('/api/partner/change-user', {
          user_id: await userId('admin@other.test', ids.mairie),
        })
      ).statusCode,
    ).toBe(404);
    before = b.cookie;
    await expectNewSession(
      b,
      await b.put('/api/partner/change-user', { user_id: manager }),
      before,
    );
    expect((await b.permissions()).sort()).toEqual(
      [...(await permissionsOf('manager@demo.test'))].sort(),
    );
    expect(await b.me()).toMatchObject({ id: manager, acting_as: { real_user: { id: marc } } });
    expect((await b.get('/api/partner/current-user')).json()).toMatchObject({
      id: manager,
      spoofed: true,
    });
    const users = (await b.get('/api/partner/users')).json<TActingUserPage>();
    expect(users.data.find((u) => u.id === manager)?.spoofed).toBe(true);

    before = b.cookie;
    await expectNewSession(b, await b.post('/api/partner/reset-user'), before);
    expect(await b.me()).toMatchObject({
      id: marc,
      company_id: ids.valmont,
      acting_as: { role: null, user: null },
    });
    before = b.cookie;
    await expectNewSession(b, await b.post('/api/partner/reset'), before);
    expect(await b.me()).toMatchObject({ id: marc, company_id: ids.internal, acting_as: null });
  });

  it('a company no longer linked to the partner is left at once', async () => {
    const b = await browser('partner@demo.test');
    await b.put('/api/partner/change-company', { company_id: ids.mairie });
    expect((await b.me()).company_id).toBe(ids.mairie);
    const partnerId = (
      await ctx.database.db
        .selectFrom('companies')
        .select('partner_id')
        .where('id', '=', ids.mairie)
        .executeTakeFirstOrThrow()
    ).partner_id;
    await ctx.database.db
      .updateTable('companies')
      .set({ partner_id: null })
      .where('id', '=', ids.mairie)
      .execute();
    try {
      const me = await b.me();
      expect(me.company_id).toBe(ids.internal);
      expect(me.acting_as).toBeNull();
      expect(
        (await b.put('/api/partner/change-company', { company_id: ids.mairie })).statusCode,
      ).toBe(404);
    } finally {
      await ctx.database.db
        .updateTable('companies')
        .set({ partner_id: partnerId })
        .where('id', '=', ids.mairie)
        .execute();
    }
  });
});
