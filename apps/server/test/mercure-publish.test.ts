import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DETAIL,
  hubUrl,
  publish,
  PUBLISHER_KEY,
  publisherToken,
  signToken,
} from './support/hub-client.ts';
import { openStream, type SseStream } from './support/sse-client.ts';
import { startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

/**
 * Publishing on the live hub and reconnecting to it (issue 13 part 2, item 4): publish rights,
 * the form fields and the checks on them, the in-process service, keep-alive comments, and the
 * replay of what a subscriber missed from `Last-Event-ID`, `last_event_id` or `lastEventID`.
 */
describe.each(testDatabases())('hub publication and replay on $dialect', (testDb) => {
  let ctx: TestContext;
  let base: string;
  let token: string;
  const streams: SseStream[] = [];

  const open = async (params: [string, string][], headers: Record<string, string> = {}) => {
    const stream = await openStream(hubUrl(base, params), headers);
    streams.push(stream);
    expect(stream.status).toBe(200);
    return stream;
  };

  beforeAll(async () => {
    ctx = await startTestApp(testDb, {
      MERCURE_PUBLISHER_JWT_KEY: PUBLISHER_KEY,
      MERCURE_HISTORY_SIZE: '8',
      MERCURE_HEARTBEAT_SECONDS: '1',
    });
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    token = await publisherToken();
  }, 60_000);
  afterAll(async () => {
    for (const s of streams) s.close();
    await ctx.close();
  });

  it('publish rights: no token 401, a token without every topic 403, another key 401', async () => {
    const fields: [string, string][] = [
      ['topic', 'https://e.x/a'],
      ['data', 'x'],
    ];
    const none = await publish(base, undefined, fields);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer resource_metadata=/);
    const narrow = await publisherToken(['https://e.x/b', 'https://e.x/{x}/c']);
    for (const topics of [['https://e.x/a'], ['https://e.x/b', 'https://e.x/a']]) {
      const res = await publish(base, narrow, [
        ...topics.map((t): [string, string] => ['topic', t]),
        ['private', 'on'],
      ]);
      expect(res.status).toBe(403);
      expect(res.headers.get('www-authenticate')).toContain('error="insufficient_scope"');
    }
    expect((await publish(base, narrow, [['topic', 'https://e.x/b']])).status).toBe(200);
    expect((await publish(base, narrow, [['topic', 'https://e.x/1/c']])).status).toBe(200);
    const subscriberKey = await signToken(ctx.config.mercureJwtSecret, {
      mercure: { publish: ['*'] },
    });
    expect((await publish(base, subscriberKey, fields)).status).toBe(401);
    const expired = await signToken(
      PUBLISHER_KEY,
      { mercure: { publish: ['*'] } },
      { expiresIn: 1 },
    );
    expect((await publish(base, expired, fields)).status).toBe(401);
    const cookie = await publish(base, undefined, fields, {
      cookie: `mercureAuthorization=${token}`,
    });
    expect(cookie.status).toBe(400); // a cookie without Origin or Referer
    const sameOrigin = await publish(base, undefined, fields, {
      cookie: `mercureAuthorization=${token}`,
      origin: base,
    });
    expect(sameOrigin.status).toBe(200);
  });

  it("answers the id as text/plain, the publisher's or a generated urn:uuid; every field reaches the stream", async () => {
    const s = await open([['topic', 'https://e.x/fields']]);
    const given = await publish(base, token, [
      ['topic', 'https://e.x/fields'],
      ['data', 'line 1\nline 2\r\nid: not a field'],
      ['id', 'https://e.x/fields#rev-1'],
      ['type', 'offer-updated'],
      ['retry', '5000'],
    ]);
    expect(given).toMatchObject({ status: 200, body: 'https://e.x/fields#rev-1' });
    expect(given.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await s.next()).toEqual({
      id: 'https://e.x/fields#rev-1',
      event: 'offer-updated',
      data: 'line 1\nline 2\nid: not a field',
      retry: 5000,
    });
    const generated = await publish(base, token, [['topic', 'https://e.x/fields']]);
    expect(generated.body).toMatch(/^urn:uuid:[0-9a-f-]{36}$/);
    expect(await s.next()).toEqual({
      id: generated.body,
      event: 'message',
      data: '',
      retry: undefined,
    });
  });

  it('refuses what the protocol forbids with 400', async () => {
    for (const fields of [
      [['data', 'no topic']],
      [['topic', '*']],
      [['topic', '/.well-known/mercure/subscriptions/x']],
      [['topic', 'https://e.x/a\nb']],
      [
        ['topic', 'https://e.x/a'],
        ['id', '#1'],
      ],
      [
        ['topic', 'https://e.x/a'],
        ['id', 'earliest'],
      ],
      [
        ['topic', 'https://e.x/a'],
        ['type', 'mercure'],
      ],
      [
        ['topic', 'https://e.x/a'],
        ['retry', '-1'],
      ],
      [
        ['topic', 'https://e.x/a'],
        ['retry', '1e3'],
      ],
    ] as [string, string][][]) {
      const res = await publish(base, token, fields);
      expect(res.status, JSON.stringify(fields)).toBe(400);
    }
    const json = await fetch(`${base}/.well-known/mercure`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{"topic":"x"}',
    });
    expect(json.status).toBe(400);
    const draft = await signToken(
      PUBLISHER_KEY,
      {
        iss: new URL(base).origin,
        aud: `${new URL(base).origin}/.well-known/mercure`,
        authorization_details: [{ type: DETAIL, actions: ['publish'], topics: [{ match: '*' }] }],
      },
      { typ: 'at+jwt', expiresIn: '1m' },
    );
    expect((await publish(base, draft, [['topic', 'https://e.x/draft']])).status).toBe(200);
  });

  it('the in-process service publishes like the endpoint (modules call it after their commit)', async () => {
    const s = await open([['topic', 'v2/user/{id}']], {
      authorization: `Bearer ${await signToken(ctx.config.mercureJwtSecret, { mercure: { subscribe: ['v2/user/7'] } })}`,
    });
    const id = await publishInProcess(ctx, {
      topics: ['v2/user/7'],
      data: JSON.stringify({ id: 1 }),
      private: true,
      type: 'notification',
    });
    expect(await s.next()).toEqual({
      id,
      event: 'notification',
      data: '{"id":1}',
      retry: undefined,
    });
    await expect(publishInProcess(ctx, { topics: ['*'], data: '' })).rejects.toThrow(/reserved/);
  });

  it('sends keep-alive comments to idle streams', async () => {
    const s = await open([['topic', 'https://e.x/idle']]);
    const before = s.comments;
    await new Promise((r) => setTimeout(r, 1600));
    expect(s.comments).toBeGreaterThan(before);
  });

  it('replays what a reconnecting subscriber missed, from the header or the query', async () => {
    const topic = 'https://e.x/replay';
    const ids: string[] = [];
    for (const n of [1, 2, 3]) {
      const res = await publish(base, token, [
        ['topic', topic],
        ['data', `u${n}`],
      ]);
      ids.push(res.body);
      await publish(base, token, [
        ['topic', 'https://e.x/unrelated'],
        ['data', 'x'],
      ]);
    }
    const byHeader = await open([['topic', topic]], { 'last-event-id': ids[0]! });
    const byDraftQuery = await open([
      ['topic', topic],
      ['last_event_id', ids[0]!],
    ]);
    const byClassicQuery = await open([
      ['topic', topic],
      ['lastEventID', ids[0]!],
    ]);
    for (const s of [byHeader, byDraftQuery, byClassicQuery]) {
      expect(s.response.headers.get('mercure-last-event-id')).toBe(ids[0]);
      expect((await s.next()).data).toBe('u2');
      expect((await s.next()).data).toBe('u3');
    }
    // The header wins over the query; then live updates follow the replay.
    const both = await open(
      [
        ['topic', topic],
        ['last_event_id', ids[0]!],
      ],
      { 'last-event-id': ids[1]! },
    );
    expect((await both.next()).data).toBe('u3');
    const live = await publish(base, token, [
      ['topic', topic],
      ['data', 'u4'],
    ]);
    expect(await both.next()).toMatchObject({ id: live.body, data: 'u4' });
  });

  it('keeps a bounded history: earliest replays it, a forgotten id replays nothing and says earliest', async () => {
    const topic = 'https://e.x/bounded';
    const ids: string[] = [];
    for (let n = 1; n <= 10; n++)
      ids.push(
        (
          await publish(base, token, [
            ['topic', topic],
            ['data', `b${n}`],
          ])
        ).body,
      );
    const earliest = await open([
      ['topic', topic],
      ['lastEventID', 'earliest'],
    ]);
    expect(earliest.response.headers.get('mercure-last-event-id')).toBe('earliest');
    for (const n of [3, 4, 5, 6, 7, 8, 9, 10]) expect((await earliest.next()).data).toBe(`b${n}`);
    const forgotten = await open([['topic', topic]], { 'last-event-id': ids[0]! });
    expect(forgotten.response.headers.get('mercure-last-event-id')).toBe('earliest');
    await forgotten.nothingWithin(200);
    const fresh = await open([['topic', topic]]);
    expect(fresh.response.headers.get('mercure-last-event-id')).toBeNull();
  });

  it('replays private updates only to tokens that may read them', async () => {
    const topic = 'v2/user/99';
    const first = await publish(base, token, [
      ['topic', 'https://e.x/marker'],
      ['data', 'm'],
    ]);
    await publish(base, token, [
      ['topic', topic],
      ['data', 'secret'],
      ['private', 'on'],
    ]);
    const anonymous = await open([
      ['topic', topic],
      ['lastEventID', first.body],
    ]);
    await anonymous.nothingWithin(200);
    const reader = await signToken(ctx.config.mercureJwtSecret, {
      mercure: { subscribe: [topic] },
    });
    const allowed = await open(
      [
        ['topic', topic],
        ['lastEventID', first.body],
      ],
      {
        authorization: `Bearer ${reader}`,
      },
    );
    expect((await allowed.next()).data).toBe('secret');
  });
});

/** The hub service as modules get it. */
function publishInProcess(
  ctx: TestContext,
  update: { topics: string[]; data: string; private?: boolean; type?: string },
) {
  return ctx.app.hubPublisher.publish(update);
}
