import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HubUpdate } from '../src/platform/realtime/hub-update.ts';
import { prepareUpdate } from '../src/platform/realtime/hub-update.ts';
import { RedisTransport } from '../src/platform/realtime/redis-transport.ts';
import { buildApp, type App } from '../src/app.ts';
import { loadConfig } from '../src/platform/config/config.ts';
import { LocalDiskStorage } from '../src/platform/storage/local-disk-storage.ts';
import { hubUrl, publish, PUBLISHER_KEY, publisherToken } from './support/hub-client.ts';
import { openStream, type SseStream } from './support/sse-client.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { allTestDatabases, testDatabases } from './support/test-databases.ts';

/**
 * The live hub across instances (issue 13 part 2, item 4): two servers sharing the test Redis
 * deliver the same update, and a subscriber that reconnects to the other one, or to one started
 * since, replays what it missed. Skipped without TEST_REDIS_URL (CI sets it, .ci/run). Each run
 * has a key prefix of its own, deleted at the end.
 */
const redisUrl = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL;
const prefix = `embauche-test:${randomUUID()}:`;
const quiet = { warn: () => {} };

describe.skipIf(!redisUrl)('hub across instances through Redis', () => {
  const apps: { ctx: TestContext; base: string }[] = [];
  const streams: SseStream[] = [];
  let token: string;

  const start = async () => {
    const ctx = await startTestApp(testDatabases()[0]!, {
      REDIS_URL: redisUrl!,
      MERCURE_REDIS_PREFIX: prefix,
      MERCURE_PUBLISHER_JWT_KEY: PUBLISHER_KEY,
      MERCURE_JWT_SECRET: 'subscriber-key-of-the-hub-tests-0123456789',
    });
    const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    apps.push({ ctx, base });
    return base;
  };
  const open = async (base: string, params: [string, string][], headers = {}) => {
    const s = await openStream(hubUrl(base, params), headers);
    streams.push(s);
    expect(s.status).toBe(200);
    return s;
  };

  beforeAll(async () => {
    token = await publisherToken();
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    for (const { ctx } of apps) await ctx.close();
    const redis = new Redis(redisUrl!);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('delivers one update to the subscribers of both instances, whichever publishes', async () => {
    const [a, b] = [await start(), await start()];
    const topic = 'https://e.x/shared';
    const onA = await open(a, [['topic', topic]]);
    const onB = await open(b, [['topic', topic]]);
    const posted = await publish(a, token, [
      ['topic', topic],
      ['data', 'from A'],
    ]);
    expect(posted.status).toBe(200);
    for (const s of [onA, onB])
      expect(await s.next()).toMatchObject({ id: posted.body, data: 'from A' });
    const id = await apps[1]!.ctx.app.hubPublisher.publish({ topics: [topic], data: 'from B' });
    for (const s of [onA, onB]) expect(await s.next()).toMatchObject({ id, data: 'from B' });
    await Promise.all([onA.nothingWithin(200), onB.nothingWithin(0)]);
  });

  it('replays after a switch of instance, and on an instance started since', async () => {
    const [a, b] = [apps[0]!.base, apps[1]!.base];
    const topic = 'https://e.x/switch';
    const first = await open(a, [['topic', topic]]);
    const seen = await publish(a, token, [
      ['topic', topic],
      ['data', 'seen'],
    ]);
    expect((await first.next()).id).toBe(seen.body);
    first.close();
    const missed = [];
    for (const n of [1, 2])
      missed.push(
        (
          await publish(b, token, [
            ['topic', topic],
            ['data', `missed ${n}`],
          ])
        ).body,
      );
    const onB = await open(b, [['topic', topic]], { 'last-event-id': seen.body });
    expect(onB.response.headers.get('mercure-last-event-id')).toBe(seen.body);
    expect((await onB.next()).id).toBe(missed[0]);
    expect((await onB.next()).id).toBe(missed[1]);
    const c = await start();
    const onC = await open(c, [
      ['topic', topic],
      ['lastEventID', seen.body],
    ]);
    expect((await onC.next()).data).toBe('missed 1');
    expect((await onC.next()).data).toBe('missed 2');
  });

  it('a sign-out on one instance closes the stream on another, which then refuses the token', async () => {
    // Two instances of one deployment: one database (PostgreSQL when TEST_DATABASE_URL is set).
    const env = {
      REDIS_URL: redisUrl!,
      MERCURE_REDIS_PREFIX: prefix,
      MERCURE_JWT_SECRET: 'subscriber-key-of-the-hub-tests-0123456789',
    };
    const a = await startTestApp(allTestDatabases().at(-1)!, env);
    apps.push({ ctx: a, base: await a.app.listen({ port: 0, host: '127.0.0.1' }) });
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'embauche-test-')),
      DATABASE_URL: a.config.databaseUrl,
      WEB_DIST_DIR: path.join(tmpdir(), 'embauche-no-web'),
      ...env,
    });
    const b: App = await buildApp({
      config,
      database: a.database,
      storage: new LocalDiskStorage(path.join(config.dataDir, 'uploads')),
    });
    try {
      const onB = await b.listen({ port: 0, host: '127.0.0.1' });
      const cookie = await signIn(a.app, 'admin@demo.test');
      const me = (await a.app.inject({ url: '/api/me', headers: { cookie } })).json<{
        id: number;
        mercure_subscription_token: string;
      }>();
      const url = hubUrl(onB, [['topic', `v2/user/${me.id}`]]);
      const auth = { authorization: `Bearer ${me.mercure_subscription_token}` };
      const stream = await open(onB, [['topic', `v2/user/${me.id}`]], auth);
      // B has just read the session (and keeps it a few seconds): the signal must reach it.
      expect(
        (await a.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } }))
          .statusCode,
      ).toBe(204);
      const ended = await Promise.race([
        stream.ended.then(() => true),
        new Promise<boolean>((r) => setTimeout(() => r(false), 3000)),
      ]);
      expect(ended).toBe(true);
      const again = await openStream(url, auth);
      streams.push(again);
      expect(again.status).toBe(401);
      expect((await b.inject({ url: '/api/hub-token', headers: { cookie } })).statusCode).toBe(401);
    } finally {
      await b.close();
    }
  });

  it('a transport whose channel connection drops reads what it missed from the stream', async () => {
    const received: HubUpdate[] = [];
    const name = `embauche-test-${randomUUID().slice(0, 8)}`;
    const options = { url: redisUrl!, prefix, historySize: 1000, log: quiet };
    const listening = new RedisTransport({ ...options, name });
    const other = new RedisTransport(options);
    await listening.start((u) => received.push(u));
    await other.start(() => {});
    const before = received.length;
    const admin = new Redis(redisUrl!);
    try {
      const clients = await admin.client('LIST');
      const id = /id=(\d+) .*name=(\S+)/.exec(
        String(clients)
          .split('\n')
          .find((l) => l.includes(`name=${name}-listener`))!,
      )![1];
      await admin.client('KILL', 'ID', id!);
      const lost = prepareUpdate({ topics: ['https://e.x/lost'], data: 'while away' });
      await other.publish(lost);
      const deadline = Date.now() + 5000;
      while (!received.some((u) => u.id === lost.id) && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      expect(received.slice(before).map((u) => u.id)).toEqual([lost.id]);
    } finally {
      await admin.quit();
      await listening.close();
      await other.close();
    }
  });
});
