import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DETAIL,
  hubUrl,
  publish,
  PUBLISHER_KEY,
  publisherToken,
  signToken,
  userToken,
} from './support/hub-client.ts';
import { openStream, type SseStream } from './support/sse-client.ts';
import { startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

/**
 * Who reads what on the live hub (issue 13 part 2, item 4): the tokens /api/me hands out, the
 * ways to present them, and the authorisation matrix (no token, expired, wrong key, another
 * user's topic, URI template match and non-match, private and public updates), in the classic
 * form and in the draft's (RFC 9068 access tokens, `match…` parameters).
 */
describe.each(testDatabases())('hub authorisation on $dialect', (testDb) => {
  let ctx: TestContext;
  let base: string;
  let publisher: string;
  let admin: { id: number; companyId: number; token: string };
  let recruiter: { id: number; companyId: number; token: string };
  const streams: SseStream[] = [];

  const open = async (params: [string, string][], headers: Record<string, string> = {}) => {
    const stream = await openStream(hubUrl(base, params), headers);
    streams.push(stream);
    return stream;
  };
  const send = async (topics: string[], data: string, isPrivate = true) => {
    const fields: [string, string][] = topics.map((t) => ['topic', t]);
    fields.push(['data', data]);
    if (isPrivate) fields.push(['private', 'on']);
    const res = await publish(base, publisher, fields);
    expect(res.status, res.body).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    ctx = await startTestApp(testDb, {
      MERCURE_JWT_SECRET: 'subscriber-key-of-the-hub-tests-0123456789',
      MERCURE_PUBLISHER_JWT_KEY: PUBLISHER_KEY,
      PUBLIC_URL: 'https://ats.example',
    });
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    publisher = await publisherToken();
    admin = await userToken(ctx, 'admin@demo.test');
    recruiter = await userToken(ctx, 'recruiter@demo.test');
  }, 60_000);
  afterAll(async () => {
    for (const s of streams) s.close();
    await ctx.close();
  });

  it("/api/me tokens read their user's private updates, presented in any of the three ways", async () => {
    const topic = `v2/user/${admin.id}`;
    const byHeader = await open([['topic', topic]], { authorization: `Bearer ${admin.token}` });
    const byQuery = await open([
      ['topic', topic],
      ['authorization', admin.token],
    ]);
    const byCookie = await open([['topic', topic]], {
      cookie: `mercureAuthorization=${admin.token}`,
    });
    for (const s of [byHeader, byQuery, byCookie]) {
      expect(s.status).toBe(200);
      expect(s.response.headers.get('content-type')).toBe('text/event-stream');
    }
    const id = await send([topic], '{"notification":1}');
    for (const s of [byHeader, byQuery, byCookie])
      expect(await s.next()).toEqual({
        id,
        event: 'message',
        data: '{"notification":1}',
        retry: undefined,
      });
  });

  it("a private update never reaches a token without its topic (another user's)", async () => {
    const mine = `v2/user/${recruiter.id}`;
    const theirs = `v2/user/${admin.id}`;
    const spy = await open(
      [
        ['topic', theirs],
        ['topic', mine],
      ],
      { authorization: `Bearer ${recruiter.token}` },
    );
    await send([theirs], 'secret');
    const own = await send([mine], 'for the recruiter');
    expect(await spy.next()).toMatchObject({ id: own, data: 'for the recruiter' });
    // Public updates on the other user's topic do reach the subscriber that asked for it.
    const open_ = await send([theirs], 'public news', false);
    expect(await spy.next()).toMatchObject({ id: open_, data: 'public news' });
    await spy.nothingWithin(200);
  });

  it('anonymous subscribers get public updates only; a private one needs a grant', async () => {
    const anonymous = await open([['topic', 'https://ats.example/offers/{id}']]);
    await send(['https://ats.example/offers/1'], 'private offer');
    const pub = await send(['https://ats.example/offers/2'], 'public offer', false);
    expect(await anonymous.next()).toMatchObject({ id: pub, data: 'public offer' });
    await anonymous.nothingWithin(200);
  });

  it('URI template selectors: a match routes, a non-match does not; the grant decides on private', async () => {
    const s = await open([['topic', 'v2/user/{id}']], { authorization: `Bearer ${admin.token}` });
    await send([`v2/user/${recruiter.id}`], 'private, other user');
    await send([`v2/company/${admin.companyId}/x`], 'not matched', false);
    const own = await send([`v2/user/${admin.id}`], 'private, own');
    const pub = await send([`v2/user/${recruiter.id}`], 'public, other user', false);
    expect((await s.next()).id).toBe(own);
    expect((await s.next()).id).toBe(pub);
    await s.nothingWithin(200);
  });

  it('alternate topics: a private update reaches whoever holds a grant on one of its topics', async () => {
    const s = await open([['topic', 'https://ats.example/books/{id}']], {
      authorization: `Bearer ${admin.token}`,
    });
    const id = await send(['https://ats.example/books/1', `v2/user/${admin.id}`], 'book 1');
    expect((await s.next()).id).toBe(id);
  });

  it('refuses expired tokens, wrong keys and malformed headers; the stream ends at exp', async () => {
    const key = ctx.config.mercureJwtSecret;
    const claims = { mercure: { subscribe: [`v2/user/${admin.id}`] } };
    const expired = await signToken(key, claims, { expiresIn: Math.floor(Date.now() / 1000) - 10 });
    const wrongKey = await signToken('another-key-entirely-0123456789-abcdef', claims);
    const topic: [string, string][] = [['topic', `v2/user/${admin.id}`]];
    for (const token of [expired, wrongKey, 'not.a.jwt', admin.token.slice(0, -3) + 'AAA']) {
      const s = await open(topic, { authorization: `Bearer ${token}` });
      expect(s.status).toBe(401);
      expect(s.response.headers.get('www-authenticate')).toMatch(
        /^Bearer error="invalid_token", resource_metadata="https:\/\/ats\.example\/\.well-known\/oauth-protected-resource\/\.well-known\/mercure"$/,
      );
    }
    const malformed = await open(topic, { authorization: 'Basic abc' });
    expect(malformed.status).toBe(400);
    expect(malformed.response.headers.get('www-authenticate')).toContain('invalid_request');
    // The publisher key does not open streams, nor the subscriber key publish.
    expect((await open(topic, { authorization: `Bearer ${publisher}` })).status).toBe(401);

    const shortLived = await signToken(key, claims, {
      expiresIn: Math.floor(Date.now() / 1000) + 2,
    });
    const s = await open(topic, { authorization: `Bearer ${shortLived}` });
    expect(s.status).toBe(200);
    const started = Date.now();
    await s.ended;
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it('draft: match and match_urlpattern parameters, unknown match… names refused', async () => {
    const exact = await open([['match', 'https://ats.example/books/3']]);
    const pattern = await open([['match_urlpattern', 'https://ats.example/books/:id']]);
    const relative = await open([['match_urlpattern', '/books/:id']]);
    const id = await send(['https://ats.example/books/3'], 'book 3', false);
    for (const s of [exact, pattern, relative]) expect((await s.next()).id).toBe(id);
    const other = await send(['https://ats.example/books/4/pages'], 'no', false);
    await Promise.all([pattern.nothingWithin(200), relative.nothingWithin(0)]);
    expect(other).toMatch(/^urn:uuid:/);

    for (const params of [
      [['match_regex', 'x']],
      [['Match', 'x']],
      [['matchExact', 'x']],
      [['match_urlpattern', 'https://e.x/:id(\\d+)']],
      [['topic', 'a\u0007b']],
      [],
      [['foo', 'bar']],
    ] as [string, string][][]) {
      const s = await open(params);
      expect(s.status, JSON.stringify(params)).toBe(400);
    }
  });

  it('draft: RFC 9068 access tokens (issuer, audience, exp) with authorization_details', async () => {
    const key = ctx.config.mercureJwtSecret;
    const details = [
      {
        type: DETAIL,
        actions: ['subscribe', 'future-action'],
        topics: [{ match: 'https://ats.example/users/42/*', match_type: 'urlpattern' }],
      },
      { type: 'https://another.example/detail', topics: 'ignored: another type' },
    ];
    const claims = {
      iss: 'https://ats.example',
      aud: 'https://ats.example/.well-known/mercure',
      sub: 'urn:uuid:bb3de268-05b0-4c65-b44e-8f9acefc29d6',
      client_id: 'https://ats.example',
      authorization_details: details,
    };
    const token = await signToken(key, claims, { typ: 'at+jwt', expiresIn: '5m' });
    const s = await open([['match_urlpattern', 'https://ats.example/books/:id']], {
      authorization: `Bearer ${token}`,
    });
    expect(s.status).toBe(200);
    await send(['https://ats.example/books/2'], 'not granted');
    const id = await send(
      ['https://ats.example/books/1', 'https://ats.example/users/42/books/1'],
      'granted through the alternate topic',
    );
    expect((await s.next()).id).toBe(id);

    const refused = [
      signToken(
        key,
        { ...claims, aud: 'https://elsewhere.example/.well-known/mercure' },
        { typ: 'at+jwt', expiresIn: '5m' },
      ),
      signToken(
        key,
        { ...claims, iss: 'https://untrusted.example' },
        { typ: 'at+jwt', expiresIn: '5m' },
      ),
      signToken(key, claims, { typ: 'at+jwt' }), // no exp
      signToken(
        key,
        {
          ...claims,
          authorization_details: [{ ...details[0], topics: [{ match: 'x', match_type: 'regex' }] }],
        },
        { typ: 'application/at+jwt', expiresIn: '5m' },
      ),
      signToken(
        key,
        { ...claims, authorization_details: [{ ...details[0], actions: [] }] },
        { typ: 'at+jwt', expiresIn: '5m' },
      ),
      signToken(
        key,
        { ...claims, authorization_details: [{ ...details[0], topics: ['bare string'] }] },
        { typ: 'at+jwt', expiresIn: '5m' },
      ),
    ];
    for (const bad of await Promise.all(refused)) {
      const r = await open([['match', 'x']], { authorization: `Bearer ${bad}` });
      expect(r.status).toBe(401);
    }
  });

  it('publishes the protected resource metadata and the discovery link', async () => {
    const res = await fetch(`${base}/.well-known/oauth-protected-resource/.well-known/mercure`);
    expect(await res.json()).toEqual({
      resource: 'https://ats.example/.well-known/mercure',
      bearer_methods_supported: ['header'],
      authorization_details_types_supported: [DETAIL],
      mercure_cookie: 'mercureAuthorization',
    });
    const cookie = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: 'admin@demo.test', password: 'demo1234' },
      })
    ).cookies.find((c) => c.name === 'embauche_session')!;
    const me = await ctx.app.inject({
      url: '/api/me',
      headers: { cookie: `embauche_session=${cookie.value}` },
    });
    expect(me.headers.link).toMatch(
      /^<https:\/\/ats\.example\/\.well-known\/mercure>; rel="mercure"; last-event-id="urn:uuid:[0-9a-f-]+"$/,
    );
  });
});

describe('hub without anonymous subscribers', () => {
  it('answers 401 with a bare Bearer challenge when no token is presented', async () => {
    const ctx = await startTestApp(testDatabases()[0]!, { MERCURE_ANONYMOUS: 'false' });
    try {
      const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const s = await openStream(hubUrl(base, [['topic', 'x']]));
      expect(s.status).toBe(401);
      expect(s.response.headers.get('www-authenticate')).toMatch(/^Bearer resource_metadata="/);
    } finally {
      await ctx.close();
    }
  });
});
