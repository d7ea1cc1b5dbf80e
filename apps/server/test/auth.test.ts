import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../src/modules/auth/totp.ts';
import { sessionCookie, signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

describe.each(testDatabases())('authentication on $dialect', (testDb) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp(testDb, { LOGIN_MAX_ATTEMPTS_PER_EMAIL: '3' });
  });
  afterAll(() => ctx.close());

  const login = (payload: object, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url: '/api/login', payload, headers });

  it('signs in, opens an HttpOnly SameSite=Lax session and answers /me', async () => {
    const res = await login({ email: 'Admin@Demo.test ', password: 'demo1234' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'authenticated', two_factor: false });
    const cookie = res.cookies.find((c) => c.name === 'embauche_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const me = await ctx.app.inject({ url: '/api/me', headers: { cookie: sessionCookie(res) } });
    expect(me.statusCode).toBe(200);
    const body = me.json();
    expect(body).toMatchObject({
      email: 'admin@demo.test',
      firstname: 'Camille',
      company_name: 'Groupe Valmont',
      company_country: 'FR',
      super_admin: false,
      partner_admin: false,
      language: 'fr',
      role: { name: 'Administrateur' },
      features: ['NonDiscrimination', 'OffersFollowUp', 'SMS'],
      career_site_url: '/careers/groupe-valmont',
    });
    expect(body.permissions.config).toMatchObject({ access: true, status: true });
    expect(body.permissions.user).toBeUndefined();
    const { payload } = await jwtVerify(
      body.mercure_subscription_token,
      new TextEncoder().encode(ctx.config.mercureJwtSecret),
    );
    expect((payload.mercure as { subscribe: string[] }).subscribe).toEqual([
      `v2/company/${body.company_id}`,
      `v2/role/${body.role_id}`,
      `v2/user/${body.id}`,
    ]);
  });

  it('answers an unknown e-mail exactly like a wrong password', async () => {
    const unknown = await login({ email: 'nobody@demo.test', password: 'demo1234' });
    const wrong = await login({ email: 'recruiter@demo.test', password: 'wrong-password' });
    expect(unknown.statusCode).toBe(422);
    expect(wrong.statusCode).toBe(422);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json().errors).toEqual({ email: ['invalid_credentials'] });
    expect(wrong.cookies).toHaveLength(0);
  });

  it('validates the body with error codes per field', async () => {
    const res = await login({ email: 'not-an-email', password: '' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ email: ['invalid_email'], password: ['field_required'] });
    const missing = await login({});
    expect(missing.json().errors.email).toEqual(['field_required']);
  });

  it('throttles repeated failures per e-mail with 429', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await login({ email: 'partner@demo.test', password: 'nope' })).statusCode).toBe(422);
    }
    const blocked = await login({ email: 'partner@demo.test', password: 'demo1234' });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another e-mail from the same address still signs in.
    expect((await login({ email: 'admin@other.test', password: 'demo1234' })).statusCode).toBe(200);
  });

  it('throttles per client address too', async () => {
    const local = await startTestApp(testDb, { LOGIN_MAX_ATTEMPTS_PER_IP: '2' });
    try {
      const at = (email: string) =>
        local.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { email, password: 'x' },
          remoteAddress: '10.9.9.9',
        });
      await at('a@demo.test');
      await at('b@demo.test');
      expect((await at('c@demo.test')).statusCode).toBe(429);
    } finally {
      await local.close();
    }
  });

  it('lets a person with accounts in two companies choose one', async () => {
    const first = await login({ email: 'multi@demo.test', password: 'demo1234' });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.status).toBe('choose_account');
    expect(first.cookies).toHaveLength(0);
    expect(body.accounts.map((a: { company_name: string }) => a.company_name).sort()).toEqual([
      'Groupe Valmont',
      'Mairie de Saint-Aubin',
    ]);
    const mairie = body.accounts.find(
      (a: { company_name: string }) => a.company_name === 'Mairie de Saint-Aubin',
    );
    const second = await login({ email: 'multi@demo.test', password: 'demo1234', user: mairie.id });
    expect(second.json().status).toBe('authenticated');
    const me = await ctx.app.inject({ url: '/api/me', headers: { cookie: sessionCookie(second) } });
    expect(me.json().company_name).toBe('Mairie de Saint-Aubin');
    // An account id that does not match the credentials is refused.
    expect(
      (await login({ email: 'recruiter@demo.test', password: 'demo1234', user: mairie.id }))
        .statusCode,
    ).toBe(422);
  });

  it('gives a new session id at each sign-in and closes the previous one', async () => {
    const first = await signIn(ctx.app, 'recruiter@demo.test');
    const again = await login(
      { email: 'recruiter@demo.test', password: 'demo1234' },
      { cookie: first },
    );
    const second = sessionCookie(again);
    expect(second).not.toBe(first);
    expect((await ctx.app.inject({ url: '/api/me', headers: { cookie: first } })).statusCode).toBe(
      401,
    );
    expect((await ctx.app.inject({ url: '/api/me', headers: { cookie: second } })).statusCode).toBe(
      200,
    );
  });

  it('logs out by destroying the server session', async () => {
    const cookie = await signIn(ctx.app, 'recruiter@demo.test');
    const out = await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(out.statusCode).toBe(204);
    expect((await ctx.app.inject({ url: '/api/me', headers: { cookie } })).statusCode).toBe(401);
  });

  it('answers the permission strings and hides user.super_admin from company admins', async () => {
    const cookie = await signIn(ctx.app, 'recruiter@demo.test');
    const res = await ctx.app.inject({ url: '/api/permissions/me', headers: { cookie } });
    const list: string[] = res.json();
    expect(list).toContain('project.list');
    expect(list.some((p) => p.startsWith('config.'))).toBe(false);
    expect(list).not.toContain('statistics.access');
    const admin = await signIn(ctx.app, 'superadmin@demo.test');
    const me = (await ctx.app.inject({ url: '/api/me', headers: { cookie: admin } })).json();
    expect(me.super_admin).toBe(true);
    expect(me.permissions.user).toEqual({ super_admin: true });
    const partner = await signIn(ctx.app, 'admin@other.test');
    const partnerMe = (
      await ctx.app.inject({ url: '/api/me', headers: { cookie: partner } })
    ).json();
    expect(partnerMe.company_name).toBe('Mairie de Saint-Aubin');
  });

  it('says which e-mails sign in through SSO', async () => {
    await ctx.database.db
      .updateTable('companies')
      .set({ sso_login_url: 'https://sso.example.test/login' })
      .where('slug', '=', 'mairie-saint-aubin')
      .execute();
    const sso = await ctx.app.inject({
      method: 'POST',
      url: '/api/sso/check',
      payload: { email: 'admin@other.test' },
    });
    expect(sso.json()).toEqual({ sso: true, redirect_url: 'https://sso.example.test/login' });
    const none = await ctx.app.inject({
      method: 'POST',
      url: '/api/sso/check',
      payload: { email: 'admin@demo.test' },
    });
    expect(none.json()).toEqual({ sso: false, redirect_url: null });
  });

  describe('second factor', () => {
    let secret: string;
    let recoveryCodes: string[];

    it('enrols with a confirmed code and hands out recovery codes', async () => {
      const cookie = await signIn(ctx.app, 'admin@demo.test');
      const setup = await ctx.app.inject({
        method: 'POST',
        url: '/api/user_profile/two-factor/setup',
        headers: { cookie },
      });
      expect(setup.statusCode).toBe(200);
      secret = setup.json().secret;
      expect(setup.json().otpauth_url).toContain('otpauth://totp/');
      expect(setup.json().qr_code_svg).toContain('<svg');
      const bad = await ctx.app.inject({
        method: 'POST',
        url: '/api/user_profile/two-factor/confirm',
        headers: { cookie },
        payload: { code: '000000' === totpCode(secret) ? '111111' : '000000' },
      });
      expect(bad.statusCode).toBe(422);
      const ok = await ctx.app.inject({
        method: 'POST',
        url: '/api/user_profile/two-factor/confirm',
        headers: { cookie },
        payload: { code: totpCode(secret, Date.now() - 30_000) },
      });
      expect(ok.statusCode).toBe(200);
      recoveryCodes = ok.json().recovery_codes;
      expect(recoveryCodes).toHaveLength(10);
      const me = await ctx.app.inject({ url: '/api/me', headers: { cookie } });
      expect(me.json().two_factor_enabled).toBe(true);
    });

    it('asks for the code at sign-in, accepts it once, and rotates the session id', async () => {
      const first = await login({ email: 'admin@demo.test', password: 'demo1234' });
      expect(first.json()).toEqual({ status: 'two_factor_required', two_factor: true });
      const pending = sessionCookie(first);
      expect(
        (await ctx.app.inject({ url: '/api/me', headers: { cookie: pending } })).statusCode,
      ).toBe(401);
      const code = totpCode(secret);
      const done = await ctx.app.inject({
        method: 'POST',
        url: '/api/two-factor-challenge',
        headers: { cookie: pending },
        payload: { code },
      });
      expect(done.statusCode).toBe(204);
      const full = sessionCookie(done);
      expect(full).not.toBe(pending);
      expect((await ctx.app.inject({ url: '/api/me', headers: { cookie: full } })).statusCode).toBe(
        200,
      );
      expect(
        (
          await ctx.app.inject({
            method: 'POST',
            url: '/api/two-factor-challenge',
            headers: { cookie: pending },
            payload: { code },
          })
        ).statusCode,
      ).toBe(401);

      // The same code cannot serve twice.
      const again = sessionCookie(await login({ email: 'admin@demo.test', password: 'demo1234' }));
      const replay = await ctx.app.inject({
        method: 'POST',
        url: '/api/two-factor-challenge',
        headers: { cookie: again },
        payload: { code },
      });
      expect(replay.statusCode).toBe(422);
      expect(replay.json().errors).toEqual({ code: ['invalid_code'] });
    });

    it('accepts each recovery code once', async () => {
      const use = async (recovery_code: string) => {
        const pending = sessionCookie(
          await login({ email: 'admin@demo.test', password: 'demo1234' }),
        );
        return ctx.app.inject({
          method: 'POST',
          url: '/api/two-factor-challenge',
          headers: { cookie: pending },
          payload: { recovery_code },
        });
      };
      const code = recoveryCodes[0]!;
      expect((await use(code.toLowerCase())).statusCode).toBe(204);
      expect((await use(code)).statusCode).toBe(422);
    });

    it('disables with the password', async () => {
      const pending = sessionCookie(
        await login({ email: 'admin@demo.test', password: 'demo1234' }),
      );
      const done = await ctx.app.inject({
        method: 'POST',
        url: '/api/two-factor-challenge',
        headers: { cookie: pending },
        payload: { recovery_code: recoveryCodes[1] },
      });
      const cookie = sessionCookie(done);
      const wrong = await ctx.app.inject({
        method: 'POST',
        url: '/api/user_profile/two-factor/disable',
        headers: { cookie },
        payload: { password: 'nope' },
      });
      expect(wrong.statusCode).toBe(422);
      const ok = await ctx.app.inject({
        method: 'POST',
        url: '/api/user_profile/two-factor/disable',
        headers: { cookie },
        payload: { password: 'demo1234' },
      });
      expect(ok.statusCode).toBe(204);
      expect((await login({ email: 'admin@demo.test', password: 'demo1234' })).json().status).toBe(
        'authenticated',
      );
    });
  });
});

describe.each(testDatabases())('sign-in limits under parallel requests on $dialect', (testDb) => {
  const statuses = (responses: { statusCode: number }[]) => {
    const counts: Record<number, number> = {};
    for (const r of responses) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
    return counts;
  };
  const attempt = (ctx: TestContext, email: string, password: string, remoteAddress: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password },
      remoteAddress,
    });

  describe('per e-mail', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await startTestApp(testDb, {
        LOGIN_MAX_ATTEMPTS_PER_EMAIL: '5',
        LOGIN_MAX_ATTEMPTS_PER_IP: '1000',
      });
    });
    afterAll(() => ctx.close());

    it('checks only 5 of 25 parallel wrong passwords for one e-mail', async () => {
      const responses = await Promise.all(
        Array.from({ length: 25 }, (_, i) =>
          attempt(ctx, 'partner@demo.test', `wrong-${i}`, `10.1.0.${i + 1}`),
        ),
      );
      expect(statuses(responses)).toEqual({ 422: 5, 429: 20 });
      for (const r of responses.filter((r) => r.statusCode === 422))
        expect(r.json().errors).toEqual({ email: ['invalid_credentials'] });
      for (const r of responses.filter((r) => r.statusCode === 429)) {
        expect(r.json().code).toBe('too_many_requests');
        expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
      }
      // Locked: even the right password is not checked until the window ends.
      expect((await attempt(ctx, 'partner@demo.test', 'demo1234', '10.1.1.1')).statusCode).toBe(
        429,
      );
      // Refused attempts did not count on their addresses.
      const ips = await ctx.database.db
        .selectFrom('login_attempts')
        .select(['key', 'count'])
        .where('key', 'like', 'ip:10.1.%')
        .execute();
      expect(ips.reduce((sum, row) => sum + Number(row.count), 0)).toBe(5);
    });

    it('starts an e-mail afresh after a successful sign-in', async () => {
      const email = 'recruiter@demo.test';
      for (let i = 0; i < 4; i++)
        expect((await attempt(ctx, email, 'nope', '10.1.2.1')).statusCode).toBe(422);
      expect((await attempt(ctx, email, 'demo1234', '10.1.2.1')).statusCode).toBe(200);
      for (let i = 0; i < 5; i++)
        expect((await attempt(ctx, email, 'nope', '10.1.2.1')).statusCode).toBe(422);
      expect((await attempt(ctx, email, 'nope', '10.1.2.1')).statusCode).toBe(429);
    });

    it('counts the account choice as a success', async () => {
      for (let i = 0; i < 4; i++)
        expect((await attempt(ctx, 'multi@demo.test', 'nope', '10.1.3.1')).statusCode).toBe(422);
      const choose = await attempt(ctx, 'multi@demo.test', 'demo1234', '10.1.3.1');
      expect(choose.json().status).toBe('choose_account');
      for (let i = 0; i < 5; i++)
        expect((await attempt(ctx, 'multi@demo.test', 'nope', '10.1.3.1')).statusCode).toBe(422);
    });
  });

  describe('per address', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await startTestApp(testDb, {
        LOGIN_MAX_ATTEMPTS_PER_EMAIL: '1000',
        LOGIN_MAX_ATTEMPTS_PER_IP: '30',
      });
    });
    afterAll(() => ctx.close());

    it('checks only 30 of 60 parallel wrong sign-ins from one address over 3 e-mails', async () => {
      const emails = ['a@demo.test', 'recruiter@demo.test', 'partner@demo.test'];
      const responses = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          attempt(ctx, emails[i % 3]!, `wrong-${i}`, '10.2.0.1'),
        ),
      );
      expect(statuses(responses)).toEqual({ 422: 30, 429: 30 });
      // Another address is not concerned.
      expect((await attempt(ctx, 'recruiter@demo.test', 'demo1234', '10.2.0.2')).statusCode).toBe(
        200,
      );
    });

    it('gives the address its attempt back at each successful sign-in', async () => {
      // An office behind one address: many people sign in, a few mistype.
      for (let i = 0; i < 40; i++) {
        const email = i % 2 ? 'recruiter@demo.test' : 'multi@demo.test';
        expect((await attempt(ctx, email, 'demo1234', '10.2.1.1')).statusCode).toBe(200);
      }
      const failures = await Promise.all(
        Array.from({ length: 31 }, () => attempt(ctx, 'manager@demo.test', 'x', '10.2.1.1')),
      );
      expect(statuses(failures)).toEqual({ 422: 30, 429: 1 });
    });
  });
});
