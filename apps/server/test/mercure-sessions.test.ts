import { decodeJwt } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sha256 } from '../src/platform/auth/tokens.ts';
import { hubUrl, publish, PUBLISHER_KEY, publisherToken } from './support/hub-client.ts';
import { openStream, type SseStream } from './support/sse-client.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';
import { DEMO_PASSWORD } from '../src/seed/demo-seed.ts';

/**
 * Live-hub tokens end with their session (issue 33 item 5): the token /api/me and /api/hub-token
 * hand out names its session (`sid`) and lives MERCURE_TOKEN_TTL_SECONDS (300 s by default); the
 * hub refuses it, and closes its open streams, once the session has ended: sign-out, revocation
 * (one session, or the user's deactivation), "sign out other sessions", the end of acting as.
 * Before, the token lived 12 hours whatever happened to the session.
 */
describe.each(testDatabases())('session-bound hub tokens on $dialect', (testDb) => {
  let ctx: TestContext;
  let base: string;
  const streams: SseStream[] = [];

  /** A signed-in browser: its cookie, session id, user and hub token. */
  const browser = async (email: string) => {
    const cookie = await signIn(ctx.app, email);
    const me = (await ctx.app.inject({ url: '/api/me', headers: { cookie } })).json<{
      id: number;
      mercure_subscription_token: string;
    }>();
    return {
      cookie,
      sessionId: sha256(cookie.slice('embauche_session='.length)),
      userId: me.id,
      token: me.mercure_subscription_token,
    };
  };
  const open = async (token: string, userId: number) => {
    const s = await openStream(hubUrl(base, [['topic', `v2/user/${userId}`]]), {
      authorization: `Bearer ${token}`,
    });
    streams.push(s);
    return s;
  };
  /** Whether the stream ends within `ms`. */
  const endsWithin = (s: SseStream, ms = 3000) =>
    Promise.race([
      s.ended.then(() => true),
      new Promise<boolean>((r) => setTimeout(() => r(false), ms)),
    ]);
  const renew = (cookie: string) => ctx.app.inject({ url: '/api/hub-token', headers: { cookie } });

  beforeAll(async () => {
    ctx = await startTestApp(testDb, {
      MERCURE_JWT_SECRET: 'subscriber-key-of-the-hub-tests-0123456789',
      MERCURE_PUBLISHER_JWT_KEY: PUBLISHER_KEY,
      PUBLIC_URL: 'https://ats.example',
    });
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  }, 60_000);
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await ctx.close();
  });

  it('the token names its session (not its cookie) and lives 300 seconds', async () => {
    const b = await browser('admin@demo.test');
    const claims = decodeJwt(b.token);
    expect(claims.sid).toBe(b.sessionId);
    expect(b.token).not.toContain(b.cookie.slice('embauche_session='.length));
    expect(claims.exp! - claims.iat!).toBe(300);
    const renewed = await renew(b.cookie);
    expect(renewed.statusCode).toBe(200);
    expect(renewed.headers['cache-control']).toBe('no-store');
    const token = renewed.json<{ mercure_subscription_token: string }>().mercure_subscription_token;
    expect(decodeJwt(token)).toMatchObject({ sid: b.sessionId, mercure: claims.mercure });
    // Another company's administrator gets their own topics only.
    const other = decodeJwt(
      (await renew((await browser('admin@other.test')).cookie)).json<{
        mercure_subscription_token: string;
      }>().mercure_subscription_token,
    ) as { mercure: { subscribe: string[] } };
    expect(other.mercure.subscribe).not.toEqual(expect.arrayContaining([`v2/user/${b.userId}`]));
    expect((await ctx.app.inject({ url: '/api/hub-token' })).statusCode).toBe(401);
  });

  it('sign-out closes the streams and the token is refused; renewal answers 401', async () => {
    const b = await browser('admin@demo.test');
    const s = await open(b.token, b.userId);
    expect(s.status).toBe(200);
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: b.cookie },
    });
    expect(out.statusCode).toBe(204);
    expect(await endsWithin(s)).toBe(true);
    const again = await open(b.token, b.userId);
    expect(again.status).toBe(401);
    expect(again.response.headers.get('www-authenticate')).toContain('error="invalid_token"');
    expect((await renew(b.cookie)).statusCode).toBe(401);
  });

  it('revoking one session closes its streams only, and refuses its token', async () => {
    const one = await browser('admin@demo.test');
    const two = await browser('admin@demo.test');
    const s1 = await open(one.token, one.userId);
    const s2 = await open(two.token, two.userId);
    await ctx.app.sessions.closeById(one.sessionId);
    expect(await endsWithin(s1)).toBe(true);
    expect((await open(one.token, one.userId)).status).toBe(401);
    const posted = await publish(base, await publisherToken(), [
      ['topic', `v2/user/${two.userId}`],
      ['data', 'still here'],
      ['private', 'on'],
    ]);
    expect((await s2.next()).id).toBe(posted.body);
  });

  it('deactivating a user closes all their streams and refuses their tokens', async () => {
    const admin = await browser('admin@demo.test');
    const recruiter = await browser('recruiter@demo.test');
    const s = await open(recruiter.token, recruiter.userId);
    expect(s.status).toBe(200);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/account-activation',
      headers: { cookie: admin.cookie },
      payload: { user_ids: [recruiter.userId], active: false },
    });
    expect(res.statusCode).toBe(204);
    expect(await endsWithin(s)).toBe(true);
    expect((await open(recruiter.token, recruiter.userId)).status).toBe(401);
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/account-activation',
      headers: { cookie: admin.cookie },
      payload: { user_ids: [recruiter.userId], active: true },
    });
  });

  it('"sign out other sessions" closes the others\' streams; the current one stays', async () => {
    const here = await browser('manager@demo.test');
    const elsewhere = await browser('manager@demo.test');
    const mine = await open(here.token, here.userId);
    const theirs = await open(elsewhere.token, elsewhere.userId);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/user_profile/invalidate_sessions',
      headers: { cookie: here.cookie },
      payload: { password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBeLessThan(300);
    expect(await endsWithin(theirs)).toBe(true);
    expect((await open(elsewhere.token, elsewhere.userId)).status).toBe(401);
    expect((await renew(elsewhere.cookie)).statusCode).toBe(401);
    expect(await endsWithin(mine, 200)).toBe(false);
    expect((await open(here.token, here.userId)).status).toBe(200);
    expect((await renew(here.cookie)).statusCode).toBe(200);
  });

  it('the end of acting as closes the acting stream and refuses its token', async () => {
    let cookie = await signIn(ctx.app, 'superadmin@demo.test');
    const call = async (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) => {
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
    const own = (await call('GET', '/api/me')).json<{ company_id: number }>();
    const companies = (await call('GET', '/api/superadmin/companies')).json<{
      data: { id: number }[];
    }>();
    const other = companies.data.find((c) => c.id !== own.company_id)!;
    expect(
      (await call('PUT', '/api/superadmin/change_company', { company_id: other.id })).statusCode,
    ).toBe(204);
    const acting = (await call('GET', '/api/me')).json<{
      id: number;
      mercure_subscription_token: string;
    }>();
    const actingCookie = cookie;
    const s = await open(acting.mercure_subscription_token, acting.id);
    expect(s.status).toBe(200);
    expect((await call('POST', '/api/superadmin/reset')).statusCode).toBe(204);
    expect(cookie).not.toBe(actingCookie);
    expect(await endsWithin(s)).toBe(true);
    expect((await open(acting.mercure_subscription_token, acting.id)).status).toBe(401);
    expect((await renew(actingCookie)).statusCode).toBe(401);
    // The new session's renewal works, for the person's own topics.
    const fresh = (await renew(cookie)).json<{ mercure_subscription_token: string }>();
    expect((await open(fresh.mercure_subscription_token, acting.id)).status).toBe(200);
  });

  it('the token expires after its lifetime; a renewed one opens while the session lives', async () => {
    const b = await browser('admin@demo.test');
    const issued = decodeJwt(b.token).iat! * 1000;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(issued + 299_000);
    expect((await open(b.token, b.userId)).status).toBe(200);
    vi.setSystemTime(issued + 301_000);
    expect((await open(b.token, b.userId)).status).toBe(401);
    const renewed = await renew(b.cookie);
    expect(renewed.statusCode).toBe(200);
    const token = renewed.json<{ mercure_subscription_token: string }>().mercure_subscription_token;
    expect(decodeJwt(token).exp).toBe(Math.floor((issued + 301_000) / 1000) + 300);
    expect((await open(token, b.userId)).status).toBe(200);
  });

  it('renewing is no activity: the idle timeout runs on, then renewal answers 401', async () => {
    const b = await browser('admin@demo.test');
    const lastSeen = async () =>
      (
        await ctx.database.db
          .selectFrom('sessions')
          .select('last_seen_at')
          .where('id', '=', b.sessionId)
          .executeTakeFirst()
      )?.last_seen_at;
    const before = await lastSeen();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 10 * 60_000);
    expect((await renew(b.cookie)).statusCode).toBe(200);
    expect(await lastSeen()).toBe(before);
    // Past the idle timeout (120 minutes) with renewals only: the session has ended.
    vi.setSystemTime(Date.parse(String(before)) + 121 * 60_000);
    expect((await renew(b.cookie)).statusCode).toBe(401);
  });
});

describe('a short token lifetime', () => {
  it('ends the stream at the token expiry; the renewed token opens a new one', async () => {
    const ctx = await startTestApp(testDatabases()[0]!, { MERCURE_TOKEN_TTL_SECONDS: '2' });
    try {
      const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const cookie = await signIn(ctx.app, 'admin@demo.test');
      const me = (await ctx.app.inject({ url: '/api/me', headers: { cookie } })).json<{
        id: number;
        mercure_subscription_token: string;
      }>();
      const url = hubUrl(base, [['topic', `v2/user/${me.id}`]]);
      const s = await openStream(url, { authorization: `Bearer ${me.mercure_subscription_token}` });
      expect(s.status).toBe(200);
      const started = Date.now();
      await s.ended;
      expect(Date.now() - started).toBeLessThan(4000);
      // The stream ends within the last second before `exp`; the token is refused after it.
      const exp = decodeJwt(me.mercure_subscription_token).exp! * 1000;
      await new Promise((r) => setTimeout(r, Math.max(0, exp - Date.now()) + 50));
      const expired = await openStream(url, {
        authorization: `Bearer ${me.mercure_subscription_token}`,
      });
      expect(expired.status).toBe(401);
      const renewed = (await ctx.app.inject({ url: '/api/hub-token', headers: { cookie } })).json<{
        mercure_subscription_token: string;
      }>().mercure_subscription_token;
      const again = await openStream(url, { authorization: `Bearer ${renewed}` });
      expect(again.status).toBe(200);
      again.close();
    } finally {
      await ctx.close();
    }
  });
});
