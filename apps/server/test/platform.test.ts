import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/platform/config/config.ts';
import { redactUrl } from '../src/platform/http/log-serializers.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

const [sqlite] = testDatabases();

describe('configuration', () => {
  it('stops with a message naming the wrong variable', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/MERCURE_JWT_SECRET/);
  });
  it('requires PUBLIC_URL in production', () => {
    const production = { NODE_ENV: 'production', MERCURE_JWT_SECRET: 'x'.repeat(32) };
    expect(() => loadConfig(production)).toThrow(ConfigError);
    expect(() => loadConfig(production)).toThrow(/PUBLIC_URL: required in production/);
    expect(() => loadConfig({ ...production, PUBLIC_URL: '' })).toThrow(/PUBLIC_URL/);
    const config = loadConfig({ ...production, PUBLIC_URL: 'https://ats.example.test/' });
    expect(config.publicUrl).toBe('https://ats.example.test');
    expect(loadConfig({ NODE_ENV: 'development' }).publicUrl).toBeUndefined();
  });
  it('requires one ENCRYPTION_KEY in production when instances share Redis or a bucket', () => {
    const production = {
      NODE_ENV: 'production',
      MERCURE_JWT_SECRET: 'x'.repeat(32),
      PUBLIC_URL: 'https://ats.example.test',
    };
    expect(loadConfig(production).encryptionKey).toBeUndefined();
    for (const shared of [
      { REDIS_URL: 'redis://127.0.0.1:6379' },
      { STORAGE_URL: 's3://bucket/files?endpoint=http://127.0.0.1:9000&path_style=true' },
    ]) {
      expect(() => loadConfig({ ...production, ...shared })).toThrow(
        /ENCRYPTION_KEY: required in production/,
      );
      const key = 'k'.repeat(32);
      expect(loadConfig({ ...production, ...shared, ENCRYPTION_KEY: key }).encryptionKey).toBe(key);
    }
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).encryptionKey).toBeUndefined();
  });
  it('reads TRUST_PROXY as a switch or the proxies addresses', () => {
    const trust = (v?: string) => loadConfig(v === undefined ? {} : { TRUST_PROXY: v }).trustProxy;
    expect([trust(), trust('true'), trust('0')]).toEqual([false, true, false]);
    expect(trust('10.0.0.1, 10.1.0.0/16,::1')).toBe('10.0.0.1,10.1.0.0/16,::1');
    expect(() => trust('the nginx')).toThrow(/TRUST_PROXY/);
    expect(() => trust('2')).toThrow(/TRUST_PROXY/);
    expect(trust('loopback,172.16.0.0/12')).toBe('loopback,172.16.0.0/12');
  });
  it('migrates at start unless MIGRATE_ON_START=false', () => {
    expect(loadConfig({}).migrateOnStart).toBe(true);
    expect(loadConfig({ MIGRATE_ON_START: 'false' }).migrateOnStart).toBe(false);
  });
  it('defaults to a SQLite file in ./data on port 3000', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toMatch(/^sqlite:.*data[/\\]embauche\.sqlite$/);
    expect(config.uploadMaxBytes).toBe(4204789);
  });
});

describe('log redaction', () => {
  it('masks tokens in paths and query strings', () => {
    expect(redactUrl('/api/shared/abcdef123/applicant?x=1')).toBe(
      '/api/shared/[redacted]/applicant?x=1',
    );
    expect(redactUrl('/api/x?token=secret&code=123456&page=2')).toBe(
      '/api/x?token=[redacted]&code=[redacted]&page=2',
    );
  });
});

describe('HTTP platform', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp(sqlite!);
  });
  afterAll(() => ctx.close());

  it('declares access on every route', () => {
    const undeclared = ctx.app.declaredRoutes.filter((r) => !r.access);
    expect(undeclared).toEqual([]);
    expect(ctx.app.declaredRoutes.length).toBeGreaterThan(10);
  });

  it('refuses to start with an /api route that declares nothing', async () => {
    const { default: Fastify } = await import('fastify');
    const { registerAccessControl } = await import('../src/platform/auth/access.ts');
    const app = Fastify();
    registerAccessControl(app);
    expect(() => app.get('/api/oops', async () => 'x')).toThrow(/declares no access/);
  });

  it('answers health with the database state', async () => {
    const res = await ctx.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('sends security headers and a request id', async () => {
    const res = await ctx.app.inject({
      url: '/api/health',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-request-id']).toBe('abc-123');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await ctx.app.inject({ url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
  });

  it('answers 401 without a session', async () => {
    const res = await ctx.app.inject({ url: '/api/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Authentication required.', code: 'unauthenticated' });
  });

  it('refuses state-changing requests from another origin', async () => {
    const cookie = await signIn(ctx.app, 'admin@demo.test');
    const foreign = await ctx.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe('cross_origin_refused');
    const crossSite = await ctx.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect((await ctx.app.inject({ url: '/api/me', headers: { cookie } })).statusCode).toBe(200);
    const own = await ctx.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie, origin: 'http://localhost:80', host: 'localhost:80' },
    });
    expect(own.statusCode).toBe(204);
  });

  it('compares with the Host only without PUBLIC_URL (development)', async () => {
    const forged = await ctx.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { origin: 'http://evil.test', host: 'evil.test' },
    });
    expect(forged.statusCode).toBe(204);
  });

  it('treats POST ?_method=PUT as PUT', async () => {
    const cookie = await signIn(ctx.app, 'recruiter@demo.test');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/user_profile/language?_method=PUT',
      headers: { cookie },
      payload: { language: 'de' },
    });
    expect(res.statusCode).toBe(204);
    const me = await ctx.app.inject({ url: '/api/me', headers: { cookie } });
    expect(me.json().language).toBe('de');
  });

  it('serves the OpenAPI document generated from the route schemas', async () => {
    const res = await ctx.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/login'].post.requestBody).toBeDefined();
    expect(doc.paths['/api/me'].get).toBeDefined();
  });
});

describe('origin check with PUBLIC_URL', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp(sqlite!, { PUBLIC_URL: 'https://ats.example.test/embauche/' });
  });
  afterAll(() => ctx.close());

  const logout = (headers: Record<string, string>) =>
    ctx.app.inject({ method: 'POST', url: '/api/logout', headers });

  it('refuses an Origin that matches a forged Host', async () => {
    const forged = await logout({ origin: 'http://evil.test', host: 'evil.test' });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().code).toBe('cross_origin_refused');
    expect((await logout({ origin: 'http://localhost:80', host: 'localhost:80' })).statusCode).toBe(
      403,
    );
  });

  it('accepts the public origin, whatever the Host, and requests without Origin', async () => {
    expect((await logout({ origin: 'https://ats.example.test' })).statusCode).toBe(204);
    expect(
      (await logout({ origin: 'https://ats.example.test', host: 'internal:3000' })).statusCode,
    ).toBe(204);
    expect((await logout({})).statusCode).toBe(204);
    expect((await logout({ origin: 'https://ats.example.test:8443' })).statusCode).toBe(403);
  });
});

describe('sessions', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp(sqlite!, {
      SESSION_IDLE_TIMEOUT_MINUTES: '30',
      SESSION_ABSOLUTE_TIMEOUT_HOURS: '2',
    });
  });
  afterAll(() => ctx.close());

  it('ends after the idle timeout', async () => {
    const cookie = await signIn(ctx.app, 'recruiter@demo.test');
    await ctx.database.db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - 31 * 60_000).toISOString() })
      .execute();
    expect((await ctx.app.inject({ url: '/api/me', headers: { cookie } })).statusCode).toBe(401);
  });

  it('ends at the absolute timeout even when active', async () => {
    const cookie = await signIn(ctx.app, 'recruiter@demo.test');
    await ctx.database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect((await ctx.app.inject({ url: '/api/me', headers: { cookie } })).statusCode).toBe(401);
  });

  it('ends when the user is deactivated', async () => {
    const cookie = await signIn(ctx.app, 'recruiter@demo.test');
    await ctx.database.db
      .updateTable('users')
      .set({ active: false })
      .where('email', '=', 'recruiter@demo.test')
      .execute();
    expect((await ctx.app.inject({ url: '/api/me', headers: { cookie } })).statusCode).toBe(401);
    await ctx.database.db
      .updateTable('users')
      .set({ active: true })
      .where('email', '=', 'recruiter@demo.test')
      .execute();
  });
});

describe('web app serving', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'embauche-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    mkdirSync(path.join(dist, 'i18n/common'), { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Embauche</title>');
    writeFileSync(path.join(dist, 'assets/app-abc.js'), 'console.log(1)');
    writeFileSync(path.join(dist, 'i18n/common/fr.json'), '{"title":"Embauche"}');
    ctx = await startTestApp(sqlite!, { WEB_DIST_DIR: dist });
  });
  afterAll(() => ctx.close());

  it('serves index.html for app routes and keeps API 404s as JSON', async () => {
    const page = await ctx.app.inject({ url: '/projects/12/offer/4' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<title>Embauche</title>');
    const api = await ctx.app.inject({ url: '/api/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toContain('application/json');
  });

  it('serves translations and long-cached assets', async () => {
    const i18n = await ctx.app.inject({ url: '/i18n/common/fr.json' });
    expect(i18n.json()).toEqual({ title: 'Embauche' });
    expect((await ctx.app.inject({ url: '/i18n/common/xx.json' })).statusCode).toBe(404);
    const asset = await ctx.app.inject({ url: '/assets/app-abc.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
  });
});

describe('request parsing', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp(sqlite!);
  });
  afterAll(() => ctx.close());

  it('accepts a bodiless POST sent with a JSON content type', async () => {
    const cookie = await signIn(ctx.app, 'recruiter@demo.test');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(204);
  });

  it('answers 400 to malformed JSON', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_json');
  });

  it('checks access before validating the body', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user_profile/language',
      payload: { language: 'xx' },
    });
    expect(res.statusCode).toBe(401);
  });
});
