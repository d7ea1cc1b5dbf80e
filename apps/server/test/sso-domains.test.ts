import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TSsoSettings, TSsoVerifyResponse } from '@embauche/contracts/sso';
import type { AuthContext } from '../src/platform/auth/auth-context.ts';
import { DomainVerifier, type TxtResolver } from '../src/modules/sso/domain-verifier.ts';
import { SsoDomainsRepository } from '../src/modules/sso/sso-domains.repository.ts';
import { SsoDomainsService } from '../src/modules/sso/sso-domains.service.ts';
import { sessionCookie, signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';
import { startTestProvider, type TestProvider } from './support/oidc-provider.ts';
import { approveSsoDomain } from './support/sso-domains.ts';

const PUBLIC_URL = 'https://ats.example.test';
const CLIENT = { clientId: 'embauche-d', clientSecret: 'secret-of-the-domains-test-0123' };

/**
 * SSO domains are proved before they route anybody (issue 33 item 2), and the provider is reached
 * through the guarded fetcher only (item 3).
 */
describe.each(testDatabases())('SSO domains on $dialect', (testDb) => {
  let ctx: TestContext;
  let provider: TestProvider;
  /** A server on loopback that the allow-list does not name: it counts who reaches it. */
  let trap: { url: string; hits: number; close(): Promise<void> };
  let valmont: number;
  let mairie: number;
  let adminA: string;
  let adminB: string;

  const db = () => ctx.database.db;
  const call = (cookie: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    ctx.app.inject({ method, url, payload, headers: { cookie } });
  const settingsOf = (domains: string[], issuer = provider.issuer) => ({
    enabled: true,
    issuer_url: issuer,
    client_id: CLIENT.clientId,
    client_secret: CLIENT.clientSecret,
    domains,
    auto_create_users: false,
    default_role_id: null,
    default_language: 'fr',
  });
  const check = async (email: string) =>
    (await ctx.app.inject({ method: 'POST', url: '/api/sso/check', payload: { email } })).json<{
      sso: boolean;
    }>().sso;
  const claimOf = (company: number, domain: string) =>
    db()
      .selectFrom('sso_domains')
      .select(['id', 'status', 'token', 'verified_method', 'verified_by'])
      .where('company_id', '=', company)
      .where('domain', '=', domain)
      .executeTakeFirst();
  const authOf = (companyId: number): AuthContext => ({
    sessionId: 'test',
    companyId,
    userId: 1,
    roleId: null,
    superAdmin: false,
    partnerAdmin: false,
    permissions: new Set(['config.account']),
  });

  beforeAll(async () => {
    provider = await startTestProvider([
      { ...CLIENT, redirectUri: `${PUBLIC_URL}/api/sso/callback` },
    ]);
    let hits = 0;
    const server = createServer((_req, res) => {
      hits++;
      res.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    trap = {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      get hits() {
        return hits;
      },
      close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
    ctx = await startTestApp(testDb, {
      PUBLIC_URL,
      SSO_ALLOW_HTTP_ISSUER: 'true',
      OUTBOUND_ALLOW_HOSTS: new URL(provider.issuer).host,
    });
    const company = (slug: string) =>
      db().selectFrom('companies').select('id').where('slug', '=', slug).executeTakeFirstOrThrow();
    valmont = (await company('groupe-valmont')).id;
    mairie = (await company('mairie-saint-aubin')).id;
    adminA = await signIn(ctx.app, 'admin@demo.test');
    adminB = await signIn(ctx.app, 'admin@other.test');
  });
  afterEach(() => vi.restoreAllMocks());
  afterAll(async () => {
    await ctx?.close();
    await provider?.close();
    await trap?.close();
  });

  it('lets no company route another’s users by claiming their domain', async () => {
    // The probe of issue 33: the Mairie claims Valmont's domain. Accepted as a claim, routes nobody.
    const claimed = await call(adminB, 'PUT', '/api/sso/settings', settingsOf(['demo.test']));
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json<TSsoSettings>().domain_states[0]).toMatchObject({ status: 'pending' });
    expect(await check('admin@demo.test')).toBe(false);
    const start = await ctx.app.inject({ url: '/api/sso/start?email=admin%40demo.test' });
    expect(start.headers.location).toBe('/login?sso_error=unavailable');
    // Even approved by mistake, Valmont's users are not sent there: they exist in Valmont only.
    expect(await approveSsoDomain(ctx.app, 'demo.test', mairie)).toBe(204);
    expect(await check('admin@demo.test')).toBe(false);
    expect(await check('admin@other.test')).toBe(false);
    // Valmont cannot claim it any more: verified by the Mairie.
    const taken = await call(adminA, 'PUT', '/api/sso/settings', settingsOf(['demo.test']));
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toMatchObject({ errors: { domains: ['domain_taken'] } });
    await call(adminB, 'PUT', '/api/sso/settings', settingsOf(['mairie-d.test']));
  });

  it('fetches nothing for an unverified domain, and never a loopback issuer off the allow-list', async () => {
    await db()
      .updateTable('users')
      .set({ email: 'lea@mairie-d.test' })
      .where('email', '=', 'admin@other.test')
      .execute();
    const saved = await call(
      adminB,
      'PUT',
      '/api/sso/settings',
      settingsOf(['mairie-d.test'], trap.url),
    );
    expect(saved.statusCode).toBe(200);
    expect(await check('lea@mairie-d.test')).toBe(false);
    const pending = await ctx.app.inject({ url: '/api/sso/start?email=lea%40mairie-d.test' });
    expect(pending.headers.location).toBe('/login?sso_error=unavailable');
    expect(trap.hits).toBe(0);
    // Verified, the issuer named is a loopback port that the allow-list does not name: refused.
    expect(await approveSsoDomain(ctx.app, 'mairie-d.test', mairie)).toBe(204);
    expect(await check('lea@mairie-d.test')).toBe(true);
    const start = await ctx.app.inject({ url: '/api/sso/start?email=lea%40mairie-d.test' });
    expect(start.headers.location).toBe('/login?sso_error=unavailable');
    expect(trap.hits).toBe(0);
    // The allowed provider is reached.
    await call(adminB, 'PUT', '/api/sso/settings', settingsOf(['mairie-d.test']));
    const ok = await ctx.app.inject({ url: '/api/sso/start?email=lea%40mairie-d.test' });
    expect(ok.headers.location).toMatch(new RegExp(`^${provider.issuer}/`));
  });

  it('routes an e-mail only to the verified company where the user exists', async () => {
    await call(adminA, 'PUT', '/api/sso/settings', settingsOf(['valmont-d.test']));
    await db()
      .updateTable('users')
      .set({ email: 'zoe@valmont-d.test' })
      .where('email', '=', 'recruiter@demo.test')
      .execute();
    expect(await check('zoe@valmont-d.test')).toBe(false);
    expect(await approveSsoDomain(ctx.app, 'valmont-d.test', valmont)).toBe(204);
    expect(await check('zoe@valmont-d.test')).toBe(true);
    // The e-mail of a Mairie account in Valmont's domain: not sent to Valmont's provider.
    await db()
      .updateTable('users')
      .set({ email: 'max@valmont-d.test' })
      .where('email', '=', 'lea@mairie-d.test')
      .execute();
    expect(await check('max@valmont-d.test')).toBe(false);
    expect(await check('nobody@valmont-d.test')).toBe(false);
    // SSO off: nobody.
    await call(adminA, 'PUT', '/api/sso/settings', {
      ...settingsOf(['valmont-d.test']),
      enabled: false,
    });
    expect(await check('zoe@valmont-d.test')).toBe(false);
  });

  it('verifies a claim by its DNS TXT record: success, wrong token, missing record, no answer', async () => {
    await call(adminB, 'PUT', '/api/sso/settings', settingsOf(['dns-b.test', 'mairie-d.test']));
    const claim = (await claimOf(mairie, 'dns-b.test'))!;
    expect(claim.status).toBe('pending');
    const names: string[] = [];
    const verifyWith = async (resolve: TxtResolver) => {
      const repo = new SsoDomainsRepository(db());
      const service = new SsoDomainsService(repo, new DomainVerifier(resolve, 50), {
        record: async () => {},
      } as never);
      return service.verify(authOf(mairie), 'dns-b.test');
    };
    const answering =
      (records: string[][]): TxtResolver =>
      async (name) => {
        names.push(name);
        return records;
      };
    expect(
      (await verifyWith(answering([['v=spf1 -all'], ['embauche-verification=0123']]))).result,
    ).toBe('wrong_token');
    const missing = Object.assign(new Error('queryTxt ENOTFOUND'), { code: 'ENOTFOUND' });
    expect(
      (
        await verifyWith(async () => {
          throw missing;
        })
      ).result,
    ).toBe('record_missing');
    expect((await verifyWith(() => new Promise<never>(() => {}))).result).toBe('dns_unreachable');
    const servfail = Object.assign(new Error('queryTxt ESERVFAIL'), { code: 'ESERVFAIL' });
    expect(
      (
        await verifyWith(async () => {
          throw servfail;
        })
      ).result,
    ).toBe('dns_unreachable');
    expect((await claimOf(mairie, 'dns-b.test'))!.status).toBe('pending');
    // The record may come cut into character strings.
    const ok = await verifyWith(answering([['embauche-verification=', claim.token]]));
    expect(ok).toMatchObject({
      result: 'verified',
      domain: { status: 'verified', verified_method: 'dns' },
    });
    expect(names).toEqual([
      '_embauche-verification.dns-b.test',
      '_embauche-verification.dns-b.test',
    ]);
    expect(await claimOf(mairie, 'dns-b.test')).toMatchObject({
      status: 'verified',
      verified_by: 1,
    });
  });

  it('verifies through the route, for the session company’s own claims only', async () => {
    await call(adminA, 'PUT', '/api/sso/settings', settingsOf(['dns-a.test', 'valmont-d.test']));
    const spy = vi.spyOn(DomainVerifier.prototype, 'check').mockResolvedValue('record_missing');
    const verify = (cookie: string, domain: string) =>
      call(cookie, 'POST', '/api/sso/domains/verify', { domain });
    const missing = await verify(adminA, 'DNS-A.test');
    expect(missing.statusCode).toBe(200);
    expect(missing.json<TSsoVerifyResponse>()).toMatchObject({
      result: 'record_missing',
      domain: { domain: 'dns-a.test', status: 'pending' },
    });
    // Another company's claim, or none: 404, whatever the DNS would say; nothing looked up.
    spy.mockClear();
    expect((await verify(adminB, 'dns-a.test')).statusCode).toBe(404);
    expect((await verify(adminA, 'dns-b.test')).statusCode).toBe(404);
    expect((await verify(adminA, 'unknown.test')).statusCode).toBe(404);
    expect(spy).not.toHaveBeenCalled();
    const recruiter = await signIn(ctx.app, 'zoe@valmont-d.test');
    expect((await verify(recruiter, 'dns-a.test')).statusCode).toBe(403);
    spy.mockResolvedValue('verified');
    expect((await verify(adminA, 'dns-a.test')).json()).toMatchObject({ result: 'verified' });
    const audit = await db()
      .selectFrom('audit_log')
      .select('details')
      .where('company_id', '=', valmont)
      .where('action', '=', 'sso.domain_verified')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.details!)).toEqual({ domain: 'dns-a.test', method: 'dns' });
  });

  it('drops the other claims of a domain once one company proves it', async () => {
    await call(adminB, 'PUT', '/api/sso/settings', settingsOf(['shared-d.test', 'mairie-d.test']));
    await call(adminA, 'PUT', '/api/sso/settings', settingsOf(['shared-d.test', 'valmont-d.test']));
    expect(await claimOf(mairie, 'shared-d.test')).toMatchObject({ status: 'pending' });
    vi.spyOn(DomainVerifier.prototype, 'check').mockResolvedValue('verified');
    const won = await call(adminA, 'POST', '/api/sso/domains/verify', { domain: 'shared-d.test' });
    expect(won.json()).toMatchObject({ result: 'verified' });
    expect(await claimOf(mairie, 'shared-d.test')).toBeUndefined();
    const mine = await call(adminB, 'GET', '/api/sso/settings');
    expect(mine.json<TSsoSettings>().domains).toEqual(['mairie-d.test']);
    expect(mine.body).not.toContain('shared-d.test');
  });

  describe('super administrator approval', () => {
    const decide = (cookie: string, decision: 'approve' | 'reject', id: number) =>
      call(cookie, 'POST', `/api/superadmin/sso_domains/${decision}`, { id });

    it('is the product staff’s alone: 403 for company administrators and while acting as', async () => {
      await call(
        adminA,
        'PUT',
        '/api/sso/settings',
        settingsOf(['valmont-d.test', 'pending-a.test']),
      );
      const claim = (await claimOf(valmont, 'pending-a.test'))!;
      expect((await call(adminA, 'GET', '/api/superadmin/sso_domains')).statusCode).toBe(403);
      expect((await decide(adminA, 'approve', claim.id)).statusCode).toBe(403);
      expect((await decide(adminB, 'approve', claim.id)).statusCode).toBe(403);
      expect((await decide(adminB, 'reject', claim.id)).statusCode).toBe(403);
      const partner = await signIn(ctx.app, 'partner@demo.test');
      expect((await call(partner, 'GET', '/api/superadmin/sso_domains')).statusCode).toBe(403);
      // A super administrator acting as Valmont holds Valmont's permissions, not the staff's.
      const staff = await signIn(ctx.app, 'superadmin@demo.test');
      const switched = await call(staff, 'PUT', '/api/superadmin/change_company', {
        company_id: valmont,
      });
      const acting = sessionCookie(switched);
      expect((await call(acting, 'GET', '/api/superadmin/sso_domains')).statusCode).toBe(403);
      expect((await decide(acting, 'approve', claim.id)).statusCode).toBe(403);
      expect((await claimOf(valmont, 'pending-a.test'))!.status).toBe('pending');
    });

    it('lists every company’s pending claims and approves or rejects one; 404 unless pending', async () => {
      const staff = await signIn(ctx.app, 'superadmin@demo.test');
      const list = await call(staff, 'GET', '/api/superadmin/sso_domains');
      expect(list.statusCode).toBe(200);
      const pending = list.json<{ data: { id: number; domain: string; company_name: string }[] }>();
      const claim = pending.data.find((d) => d.domain === 'pending-a.test')!;
      expect(claim).toMatchObject({ company_id: valmont, company_name: 'Groupe Valmont' });
      expect(list.body).not.toContain((await claimOf(valmont, 'pending-a.test'))!.token);
      expect(pending.data.some((d) => d.domain === 'valmont-d.test')).toBe(false);

      expect((await decide(staff, 'reject', claim.id)).statusCode).toBe(204);
      expect((await claimOf(valmont, 'pending-a.test'))!.status).toBe('rejected');
      expect((await decide(staff, 'approve', claim.id)).statusCode).toBe(404);
      expect((await decide(staff, 'reject', claim.id)).statusCode).toBe(404);
      expect((await decide(staff, 'approve', 1_999_999)).statusCode).toBe(404);
      const verified = (await claimOf(valmont, 'valmont-d.test'))!;
      expect((await decide(staff, 'approve', verified.id)).statusCode).toBe(404);

      await call(
        adminB,
        'PUT',
        '/api/sso/settings',
        settingsOf(['mairie-d.test', 'approve-b.test']),
      );
      const b = (await claimOf(mairie, 'approve-b.test'))!;
      expect((await decide(staff, 'approve', b.id)).statusCode).toBe(204);
      expect(await claimOf(mairie, 'approve-b.test')).toMatchObject({
        status: 'verified',
        verified_method: 'approval',
      });
      const states = (await call(adminB, 'GET', '/api/sso/settings')).json<TSsoSettings>();
      expect(states.domain_states.find((d) => d.domain === 'approve-b.test')).toMatchObject({
        status: 'verified',
        verified_method: 'approval',
      });
    });
  });
});
