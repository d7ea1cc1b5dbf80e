import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../src/modules/auth/totp.ts';
import { DEMO_PASSWORD } from '../src/seed/demo-seed.ts';
import { sessionCookie, signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

/**
 * Issue 33 item 4: acting as a user (or a role, or a company) never changes that account's
 * credentials: the password, the second factor (set up, confirm, disable), the e-mail that reset
 * links go to, the account's other sessions. 403 `not_while_acting_as`, nothing changed. The
 * owner's own enrolment and removal of a second factor are written to the audit trail.
 */
describe.each(testDatabases())('credentials while acting as on $dialect', (testDb) => {
  let ctx: TestContext;
  let ids: { valmont: number; manager: number };
  beforeAll(async () => {
    ctx = await startTestApp(testDb);
    const db = ctx.database.db;
    const valmont = await db
      .selectFrom('companies')
      .select('id')
      .where('social_reason', '=', 'Groupe Valmont')
      .executeTakeFirstOrThrow();
    const manager = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'manager@demo.test')
      .executeTakeFirstOrThrow();
    ids = { valmont: valmont.id, manager: manager.id };
  }, 60_000);
  afterAll(() => ctx.close());

  /** A session that follows the cookies the switches answer. */
  const browser = async (email: string) => {
    let cookie = await signIn(ctx.app, email);
    const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
      const res = await ctx.app.inject({
        method,
        url,
        headers: { cookie },
        ...(payload ? { payload } : {}),
      });
      const set = res.cookies.find((c) => c.name === 'embauche_session');
      if (set) cookie = `embauche_session=${set.value}`;
      return res;
    };
    return { call };
  };

  const managerRow = () =>
    ctx.database.db
      .selectFrom('users')
      .select(['email', 'password_hash', 'totp_secret', 'totp_enabled'])
      .where('id', '=', ids.manager)
      .executeTakeFirstOrThrow();

  const CREDENTIAL_CALLS: [string, object?][] = [
    ['/api/user_profile/two-factor/setup'],
    ['/api/user_profile/two-factor/confirm', { code: '123456' }],
    ['/api/user_profile/two-factor/disable', { password: DEMO_PASSWORD }],
    [
      '/api/user_profile/change_password',
      {
        current_password: DEMO_PASSWORD,
        password: 'an0ther-Passw0rd!',
        password_confirmation: 'an0ther-Passw0rd!',
      },
    ],
    ['/api/user_profile/invalidate_sessions', { password: DEMO_PASSWORD }],
  ];

  it('a partner acting as a user changes none of their credentials: 403 not_while_acting_as', async () => {
    const before = await managerRow();
    const partner = await browser('partner@demo.test');
    expect(
      (await partner.call('PUT', '/api/partner/change-company', { company_id: ids.valmont }))
        .statusCode,
    ).toBe(204);
    expect(
      (await partner.call('PUT', '/api/partner/change-user', { user_id: ids.manager })).statusCode,
    ).toBe(204);
    for (const [url, body] of CREDENTIAL_CALLS) {
      const res = await partner.call('POST', url, body);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code, url).toBe('not_while_acting_as');
    }
    // The e-mail that reset links go to is a credential too; the names are not.
    const infos = (await partner.call('GET', '/api/user_profile/personal_infos')).json();
    const moved = await partner.call('POST', '/api/user_profile/personal_infos', {
      ...infos,
      email: 'partner-inbox@evil.test',
    });
    expect(moved.statusCode).toBe(403);
    expect(moved.json().code).toBe('not_while_acting_as');
    const renamed = await partner.call('POST', '/api/user_profile/personal_infos', {
      firstname: 'Renamed',
      lastname: infos.lastname,
      email: infos.email,
    });
    expect(renamed.statusCode).toBe(200);
    expect(await managerRow()).toEqual(before);
    // The manager still signs in with their own password, without a second factor.
    const own = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'manager@demo.test', password: DEMO_PASSWORD },
    });
    expect(own.json().status).toBe('authenticated');
  });

  it('a super administrator acting as a company is refused too', async () => {
    const admin = await browser('superadmin@demo.test');
    expect(
      (await admin.call('PUT', '/api/superadmin/change_company', { company_id: ids.valmont }))
        .statusCode,
    ).toBe(204);
    const res = await admin.call('POST', '/api/user_profile/two-factor/setup');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('not_while_acting_as');
  });

  it('the owner enrols and removes a second factor in their own session, both written to the trail', async () => {
    const cookie = await signIn(ctx.app, 'manager@demo.test');
    const post = (url: string, payload?: object) =>
      ctx.app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });
    const setup = await post('/api/user_profile/two-factor/setup');
    expect(setup.statusCode).toBe(200);
    const confirmed = await post('/api/user_profile/two-factor/confirm', {
      code: totpCode(setup.json().secret),
    });
    expect(confirmed.statusCode).toBe(200);
    const pending = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'manager@demo.test', password: DEMO_PASSWORD },
    });
    expect(pending.json().status).toBe('two_factor_required');
    expect(sessionCookie(pending)).toBeTruthy();
    expect(
      (await post('/api/user_profile/two-factor/disable', { password: DEMO_PASSWORD })).statusCode,
    ).toBe(204);
    const trail = await ctx.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id', 'target_type', 'target_id', 'acting_as_user_id'])
      .where('action', 'in', ['auth.two_factor_enabled', 'auth.two_factor_disabled'])
      .orderBy('id')
      .execute();
    expect(trail).toEqual([
      {
        action: 'auth.two_factor_enabled',
        actor_user_id: ids.manager,
        target_type: 'user',
        target_id: ids.manager,
        acting_as_user_id: null,
      },
      {
        action: 'auth.two_factor_disabled',
        actor_user_id: ids.manager,
        target_type: 'user',
        target_id: ids.manager,
        acting_as_user_id: null,
      },
    ]);
  });
});
