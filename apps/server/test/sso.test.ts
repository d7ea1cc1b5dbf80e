import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSsoSettings } from '@embauche/contracts/sso';
import { sha256 } from '../src/platform/auth/tokens.ts';
import type { AuthContext } from '../src/platform/auth/auth-context.ts';
import { SecretBox, secretBoxFor } from '../src/platform/crypto/secret-box.ts';
import { createGuardedFetch } from '../src/platform/http/guarded-fetch.ts';
import { DomainVerifier } from '../src/modules/sso/domain-verifier.ts';
import { OidcClient } from '../src/modules/sso/oidc-client.ts';
import { SsoDomainsRepository } from '../src/modules/sso/sso-domains.repository.ts';
import { SsoDomainsService } from '../src/modules/sso/sso-domains.service.ts';
import { SsoRepository } from '../src/modules/sso/sso.repository.ts';
import { SsoSettingsService } from '../src/modules/sso/sso-settings.service.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';
import { startTestProvider, type TestProvider } from './support/oidc-provider.ts';
import { TestBrowser } from './support/sso-browser.ts';
import { approveSsoDomain } from './support/sso-domains.ts';

const PUBLIC_URL = 'https://ats.example.test';
const REDIRECT_URI = `${PUBLIC_URL}/api/sso/callback`;
const A = { clientId: 'embauche-a', clientSecret: 'secret-of-company-a-0123456789' };
const B = { clientId: 'embauche-b', clientSecret: 'secret-of-company-b-0123456789' };
const asB = { client_id: B.clientId, client_secret: B.clientSecret };

describe.each(testDatabases())('SSO (OpenID Connect) on $dialect', (testDb) => {
  let ctx: TestContext;
  let provider: TestProvider;
  let adminA: string;
  let adminB: string;
  let companyA: number;
  let companyB: number;
  let roleA: number;
  let roleB: number;

  const db = () => ctx.database.db;
  const inject = (cookie: string, method: 'GET' | 'PUT', url: string, payload?: object) =>
    ctx.app.inject({ method, url, payload, headers: { cookie } });
  const settingsOf = (over: object = {}) => ({
    enabled: true,
    issuer_url: provider.issuer,
    client_id: A.clientId,
    client_secret: A.clientSecret,
    domains: ['SSO.test'],
    auto_create_users: false,
    default_role_id: null,
    default_language: 'en',
    ...over,
  });
  const save = async (cookie: string, body: object) => {
    const res = await inject(cookie, 'PUT', '/api/sso/settings', body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TSsoSettings>();
  };
  const addUser = async (email: string, company: number, role: number, active = true) => {
    const now = new Date().toISOString();
    await db()
      .insertInto('users')
      .values({
        company_id: company,
        role_id: role,
        subsidiary_id: null,
        firstname: 'Test',
        lastname: 'User',
        email,
        password_hash: null,
        img_src: null,
        language: 'fr',
        super_admin: false,
        partner_admin: false,
        partner_id: null,
        active,
        totp_secret: null,
        totp_enabled: false,
        totp_last_used_step: null,
        last_login_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
  };
  const auditOf = (company: number, action: string) =>
    db()
      .selectFrom('audit_log')
      .select(['actor_user_id', 'details', 'ip'])
      .where('company_id', '=', company)
      .where('action', '=', action)
      .orderBy('id', 'desc')
      .execute();
  /** Runs the whole flow from `/sso/check` for `email`, signing in at the provider as `login`. */
  const signInThroughSso = async (email: string, login = email) => {
    const check = await ctx.app.inject({
      method: 'POST',
      url: '/api/sso/check',
      payload: { email },
    });
    expect(check.json()).toMatchObject({ sso: true });
    const browser = new TestBrowser(ctx.app, PUBLIC_URL);
    const end = await browser.follow(check.json<{ redirect_url: string }>().redirect_url, login);
    return { browser, end, session: browser.jar.get(new URL(PUBLIC_URL), 'embauche_session') };
  };
  const me = (session: string) =>
    ctx.app.inject({ url: '/api/me', headers: { cookie: `embauche_session=${session}` } });

  beforeAll(async () => {
    provider = await startTestProvider([
      { ...A, redirectUri: REDIRECT_URI },
      { ...B, redirectUri: REDIRECT_URI },
    ]);
    // The provider is on loopback: the guarded fetcher reaches it because the allow-list names it.
    ctx = await startTestApp(testDb, {
      PUBLIC_URL,
      SSO_ALLOW_HTTP_ISSUER: 'true',
      OUTBOUND_ALLOW_HOSTS: new URL(provider.issuer).host,
    });
    const company = (slug: string) =>
      db().selectFrom('companies').select('id').where('slug', '=', slug).executeTakeFirstOrThrow();
    companyA = (await company('groupe-valmont')).id;
    companyB = (await company('mairie-saint-aubin')).id;
    const role = (companyId: number) =>
      db()
        .selectFrom('roles')
        .select('id')
        .where('company_id', '=', companyId)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
    roleA = (await role(companyA)).id;
    roleB = (await role(companyB)).id;
    adminA = await signIn(ctx.app, 'admin@demo.test');
    adminB = await signIn(ctx.app, 'admin@other.test');
    await addUser('anne@sso.test', companyA, roleA);
    await addUser('dora@sso.test', companyA, roleA, false);
  });
  afterAll(async () => {
    await ctx?.close();
    await provider?.close();
  });

  describe('settings', () => {
    it('starts unconfigured and names the redirect URI to register', async () => {
      const res = await inject(adminA, 'GET', '/api/sso/settings');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        configured: false,
        client_secret_set: false,
        domains: [],
        domain_states: [],
        redirect_uri: REDIRECT_URI,
      });
      expect(res.json<TSsoSettings>().roles.map((r) => r.id)).toContain(roleA);
    });

    it('validates: secret, domains, default role of the company, auto-create needs a role', async () => {
      const res = await inject(
        adminA,
        'PUT',
        '/api/sso/settings',
        settingsOf({
          client_secret: '',
          domains: ['not a domain', 'ok.test'],
          default_role_id: roleB,
        }),
      );
      expect(res.statusCode).toBe(422);
      expect(res.json<{ errors: object }>().errors).toEqual({ 'domains.0': ['invalid_domain'] });
      const second = await inject(
        adminA,
        'PUT',
        '/api/sso/settings',
        settingsOf({ client_secret: '', default_role_id: roleB }),
      );
      expect(second.json<{ errors: object }>().errors).toEqual({
        client_secret: ['field_required'],
        default_role_id: ['invalid'],
      });
      const third = await inject(
        adminA,
        'PUT',
        '/api/sso/settings',
        settingsOf({ auto_create_users: true, issuer_url: 'ftp://x.test' }),
      );
      expect(third.json<{ errors: object }>().errors).toEqual({ issuer_url: ['invalid_url'] });
    });

    it('stores the secret sealed, never shows it, and keeps it when none is sent', async () => {
      const saved = await save(adminA, settingsOf());
      expect(saved).toMatchObject({
        configured: true,
        enabled: true,
        client_secret_set: true,
        domains: ['sso.test'],
        default_language: 'en',
      });
      // Claimed, not proved: the TXT record to publish, with a token of its own.
      expect(saved.domain_states).toEqual([
        {
          domain: 'sso.test',
          status: 'pending',
          txt_name: '_embauche-verification.sso.test',
          txt_value: expect.stringMatching(/^embauche-verification=[0-9a-f]{32}$/),
          verified_at: null,
          verified_method: null,
        },
      ]);
      expect(JSON.stringify(saved)).not.toContain(A.clientSecret);
      const row = await db()
        .selectFrom('company_sso')
        .select('client_secret')
        .where('company_id', '=', companyA)
        .executeTakeFirstOrThrow();
      expect(row.client_secret).toMatch(/^v1\./);
      expect(row.client_secret).not.toContain(A.clientSecret);
      await save(adminA, settingsOf({ client_secret: undefined }));
      const again = await db()
        .selectFrom('company_sso')
        .select('client_secret')
        .where('company_id', '=', companyA)
        .executeTakeFirstOrThrow();
      expect(again.client_secret).toBe(row.client_secret);
      const [audit] = await auditOf(companyA, 'sso.settings_updated');
      expect(audit?.details).not.toContain(A.clientSecret);
    });

    it('wants an https issuer unless the configuration allows http', async () => {
      const repo = new SsoRepository(db());
      const domains = new SsoDomainsRepository(db());
      const audit = { record: async () => {} } as never;
      const service = new SsoSettingsService(
        repo,
        secretBoxFor(ctx.config),
        new OidcClient(false, createGuardedFetch()),
        audit,
        false,
        domains,
        new SsoDomainsService(domains, new DomainVerifier(async () => []), audit),
      );
      const auth: AuthContext = {
        sessionId: 'test',
        companyId: companyA,
        userId: 1,
        roleId: null,
        superAdmin: false,
        partnerAdmin: false,
        permissions: new Set(['config.account']),
      };
      await expect(
        service.save(auth, settingsOf({ default_role_id: null }) as never, REDIRECT_URI),
      ).rejects.toMatchObject({ statusCode: 422, errors: { issuer_url: ['https_required'] } });
    });

    it('refuses a domain of another company, and is the session company’s own', async () => {
      expect(await approveSsoDomain(ctx.app, 'sso.test', companyA)).toBe(204);
      const taken = await inject(
        adminB,
        'PUT',
        '/api/sso/settings',
        settingsOf({ ...asB, domains: ['sso.test'] }),
      );
      expect(taken.json<{ errors: object }>().errors).toEqual({ domains: ['domain_taken'] });
      await save(adminB, settingsOf({ ...asB, domains: ['mairie-sso.test'] }));
      const mine = await inject(adminB, 'GET', '/api/sso/settings');
      expect(mine.json()).toMatchObject({ client_id: B.clientId, domains: ['mairie-sso.test'] });
      expect(mine.body).not.toContain('_embauche-verification.sso.test');
      expect(await approveSsoDomain(ctx.app, 'mairie-sso.test', companyB)).toBe(204);
      const recruiter = await signIn(ctx.app, 'recruiter@demo.test');
      expect((await inject(recruiter, 'GET', '/api/sso/settings')).statusCode).toBe(403);
    });
  });

  it('routes an e-mail of an SSO domain to the start, others as before', async () => {
    const check = (email: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/sso/check', payload: { email } });
    expect((await check(' Anne@SSO.test ')).json()).toEqual({
      sso: true,
      redirect_url: '/api/sso/start?email=anne%40sso.test',
    });
    expect((await check('admin@demo.test')).json()).toEqual({ sso: false, redirect_url: null });
  });

  it('signs in end to end: PKCE S256, state, nonce, login hint; a session for /api/me', async () => {
    const { end, session } = await signInThroughSso('anne@sso.test');
    expect(end.status).toBe(302);
    expect(end.location).toBe('/');
    const authorize = end.visited.find((u) => u.origin === provider.issuer);
    expect(authorize?.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize?.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(authorize?.searchParams.get('state')).toBeTruthy();
    expect(authorize?.searchParams.get('nonce')).toBeTruthy();
    expect(authorize?.searchParams.get('login_hint')).toBe('anne@sso.test');
    expect(authorize?.searchParams.get('client_id')).toBe(A.clientId);
    expect(session).toBeTruthy();
    const res = await me(session!);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'anne@sso.test', company_id: companyA });
    const [audit] = await auditOf(companyA, 'auth.sign_in');
    expect(JSON.parse(audit!.details!)).toEqual({ sso: true });
    expect(await db().selectFrom('sso_logins').selectAll().execute()).toEqual([]);
  });

  it('refuses a wrong, replayed or foreign state without a session', async () => {
    const browser = new TestBrowser(ctx.app, PUBLIC_URL);
    const isCallback = (u: URL) => u.href.startsWith(REDIRECT_URI);
    const reached = await browser.follow(
      '/api/sso/start?email=anne%40sso.test',
      'anne@sso.test',
      isCallback,
    );
    const callback = reached.url;
    const tampered = new URL(callback);
    tampered.searchParams.set('state', 'forged-state');
    const wrong = await browser.request(tampered);
    expect(wrong.location).toBe('/login?sso_error=invalid_state');
    // Another browser (no state cookie) with the genuine answer: login CSRF, refused.
    const other = new TestBrowser(ctx.app, PUBLIC_URL);
    expect((await other.request(callback)).location).toBe('/login?sso_error=invalid_state');
    expect(other.jar.get(new URL(PUBLIC_URL), 'embauche_session')).toBeUndefined();
    // The genuine browser, once the cookie is back: still fine? No: the wrong try cleared it.
    browser.jar.set(new URL(PUBLIC_URL), 'embauche_sso_state', callback.searchParams.get('state')!);
    const ok = await browser.request(callback);
    expect(ok.location).toBe('/');
    // Replayed: the started sign-in was used once.
    browser.jar.set(new URL(PUBLIC_URL), 'embauche_sso_state', callback.searchParams.get('state')!);
    expect((await browser.request(callback)).location).toBe('/login?sso_error=invalid_state');
  });

  it('refuses an ID token whose nonce is not the one sent', async () => {
    const browser = new TestBrowser(ctx.app, PUBLIC_URL);
    const reached = await browser.follow(
      '/api/sso/start?email=anne%40sso.test',
      'anne@sso.test',
      (u) => u.href.startsWith(REDIRECT_URI),
    );
    const stateHash = sha256(reached.url.searchParams.get('state')!);
    const box = secretBoxFor(ctx.config);
    const context = `sso_logins.secrets:${stateHash}`;
    const row = await db()
      .selectFrom('sso_logins')
      .select('secrets')
      .where('state_hash', '=', stateHash)
      .executeTakeFirstOrThrow();
    const secrets = JSON.parse(box.open(row.secrets, context)) as object;
    await db()
      .updateTable('sso_logins')
      .set({ secrets: box.seal(JSON.stringify({ ...secrets, nonce: 'another' }), context) })
      .where('state_hash', '=', stateHash)
      .execute();
    const res = await browser.request(reached.url);
    expect(res.location).toBe('/login?sso_error=provider_error');
    expect(browser.jar.get(new URL(PUBLIC_URL), 'embauche_session')).toBeUndefined();
    const [audit] = await auditOf(companyA, 'auth.sso_failed');
    expect(JSON.parse(audit!.details!)).toMatchObject({ reason: 'provider_error' });
  });

  it('refuses a person of another domain, an unverified e-mail, a deactivated or unknown user', async () => {
    const other = await signInThroughSso('anne@sso.test', 'zoe@elsewhere.test');
    expect(other.end.location).toBe('/login?sso_error=domain_not_allowed');
    expect(other.session).toBeUndefined();
    expect(JSON.parse((await auditOf(companyA, 'auth.sso_failed'))[0]!.details!)).toEqual({
      reason: 'domain_not_allowed',
      email: 'zoe@elsewhere.test',
    });

    await addUser('unverified@sso.test', companyA, roleA);
    provider.accounts.set('unverified@sso.test', { email_verified: false });
    const unverified = await signInThroughSso('unverified@sso.test');
    expect(unverified.end.location).toBe('/login?sso_error=email_missing');

    const inactive = await signInThroughSso('dora@sso.test');
    expect(inactive.end.location).toBe('/login?sso_error=account_inactive');
    expect(inactive.session).toBeUndefined();

    // Nobody has this e-mail: not sent to the provider at all (first sign-ins create no account)…
    const check = await ctx.app.inject({
      method: 'POST',
      url: '/api/sso/check',
      payload: { email: 'nobody@sso.test' },
    });
    expect(check.json()).toEqual({ sso: false, redirect_url: null });
    const start = await ctx.app.inject({ url: '/api/sso/start?email=nobody%40sso.test' });
    expect(start.headers.location).toBe('/login?sso_error=unavailable');
    // …and a provider that answers with such an e-mail finds no account either.
    const unknown = await signInThroughSso('anne@sso.test', 'nobody@sso.test');
    expect(unknown.end.location).toBe('/login?sso_error=account_not_found');
    expect(
      await db().selectFrom('users').select('id').where('email', '=', 'nobody@sso.test').execute(),
    ).toEqual([]);
  });

  it('creates a first-time user with the default role and language when asked to', async () => {
    await save(adminA, settingsOf({ auto_create_users: true, default_role_id: roleA }));
    provider.accounts.set('new@sso.test', { given_name: 'Inès', family_name: 'Nouvelle' });
    const { end, session } = await signInThroughSso('new@sso.test');
    expect(end.location).toBe('/');
    const user = await db()
      .selectFrom('users')
      .select(['id', 'company_id', 'role_id', 'language', 'firstname', 'lastname', 'active'])
      .where('email', '=', 'new@sso.test')
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      company_id: companyA,
      role_id: roleA,
      language: 'en',
      firstname: 'Inès',
      lastname: 'Nouvelle',
    });
    expect((await me(session!)).json()).toMatchObject({ id: user.id, language: 'en' });
    const [created] = await auditOf(companyA, 'user.created');
    expect(created).toMatchObject({ actor_user_id: user.id });
    // A deactivated account is not recreated.
    expect((await signInThroughSso('dora@sso.test')).end.location).toBe(
      '/login?sso_error=account_inactive',
    );
  });

  it('never signs a domain of company A into company B', async () => {
    // B's provider answers for a person of A's domain: B does not take them, nor does A.
    await addUser('marc@mairie-sso.test', companyB, roleB);
    const crossed = await signInThroughSso('marc@mairie-sso.test', 'anne@sso.test');
    expect(crossed.end.location).toBe('/login?sso_error=domain_not_allowed');
    expect(crossed.session).toBeUndefined();
    expect(JSON.parse((await auditOf(companyB, 'auth.sso_failed'))[0]!.details!)).toMatchObject({
      reason: 'domain_not_allowed',
      email: 'anne@sso.test',
    });
    const own = await signInThroughSso('marc@mairie-sso.test');
    expect((await me(own.session!)).json()).toMatchObject({ company_id: companyB });
  });

  it('sends an SSO e-mail back to the login page when SSO is off or unknown', async () => {
    await save(adminB, settingsOf({ ...asB, enabled: false, domains: ['mairie-sso.test'] }));
    const start = await ctx.app.inject({ url: '/api/sso/start?email=marc%40mairie-sso.test' });
    expect(start.headers.location).toBe('/login?sso_error=unavailable');
    const check = await ctx.app.inject({
      method: 'POST',
      url: '/api/sso/check',
      payload: { email: 'marc@mairie-sso.test' },
    });
    expect(check.json()).toEqual({ sso: false, redirect_url: null });
    const bad = await ctx.app.inject({ url: '/api/sso/start?email=nope' });
    expect(bad.headers.location).toBe('/login?sso_error=unavailable');
  });
});

describe('secret box', () => {
  it('opens what it sealed only with the same key and context', () => {
    const box = new SecretBox('k'.repeat(32));
    const sealed = box.seal('client-secret', 'company_sso.client_secret:1');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(box.seal('client-secret', 'x')).not.toBe(box.seal('client-secret', 'x'));
    expect(box.open(sealed, 'company_sso.client_secret:1')).toBe('client-secret');
    expect(() => box.open(sealed, 'company_sso.client_secret:2')).toThrow();
    expect(() =>
      new SecretBox('j'.repeat(32)).open(sealed, 'company_sso.client_secret:1'),
    ).toThrow();
  });

  it('keeps a key of its own in DATA_DIR when ENCRYPTION_KEY is unset', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'embauche-box-'));
    const sealed = secretBoxFor({ dataDir, encryptionKey: undefined }).seal('s', 'c');
    const file = path.join(dataDir, 'encryption.key');
    expect(readFileSync(file, 'utf8').trim()).toMatch(/^[\w-]{43}$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(secretBoxFor({ dataDir, encryptionKey: undefined }).open(sealed, 'c')).toBe('s');
  });
});
