import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AttemptLimiter, type AttemptBackend } from '../src/platform/http/attempt-limiter.ts';
import { HttpError } from '../src/platform/http/http-error.ts';
import { PublicTokenGuard } from '../src/platform/http/public-token-guard.ts';
import { MemoryAttemptStore } from '../src/platform/http/memory-attempt-store.ts';
import { RedisAttemptStore } from '../src/platform/http/redis-attempt-store.ts';
import { testDatabases } from './support/test-databases.ts';

async function refusal(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof HttpError) return err;
    throw err;
  }
  throw new Error('not refused');
}

/** Where attempts are counted: each test database's table, and Redis when TEST_REDIS_URL is set. */
type Store = {
  name: string;
  open(): Promise<{
    backend: AttemptBackend;
    countOf(key: string): Promise<number | undefined>;
    close(): Promise<void>;
  }>;
};
const redisUrl = process.env.TEST_REDIS_URL;
const stores: Store[] = [
  {
    name: 'memory',
    async open() {
      const store = new MemoryAttemptStore();
      return {
        backend: store,
        countOf: async (key: string) => store.peek(key),
        close: async () => {},
      };
    },
  },
  ...testDatabases().map((testDb) => ({
    name: testDb.dialect,
    async open() {
      const database = await testDb.open();
      return {
        backend: database.db,
        countOf: async (key: string) =>
          (
            await database.db
              .selectFrom('login_attempts')
              .select('count')
              .where('key', '=', key)
              .executeTakeFirst()
          )?.count,
        close: () => database.destroy(),
      };
    },
  })),
  ...(redisUrl
    ? [
        {
          name: 'redis',
          async open() {
            const prefix = `embauche-test:${randomUUID()}:attempts:`;
            const store = new RedisAttemptStore(redisUrl, prefix);
            const redis = new Redis(redisUrl);
            return {
              backend: store,
              countOf: async (key: string) => {
                const c = await redis.hget(prefix + key, 'c');
                return c === null ? undefined : Number(c);
              },
              async close() {
                const keys = await redis.keys(`${prefix}*`);
                if (keys.length) await redis.del(...keys);
                await redis.quit();
                await store.close();
              },
            };
          },
        },
      ]
    : []),
];

describe.each(stores)('attempt limiter on $name', (store) => {
  let backend: AttemptBackend;
  let countOf: (key: string) => Promise<number | undefined>;
  let close: () => Promise<void>;
  let clock = Date.parse('2030-01-01T10:00:00.000Z');
  const now = () => clock;
  beforeAll(async () => {
    ({ backend, countOf, close } = await store.open());
  });
  afterAll(() => close());

  it('lets `limit` attempts through in a window, then answers 429 until it ends', async () => {
    const limiter = new AttemptLimiter(backend, 15, now);
    for (let i = 1; i <= 3; i++) {
      const [taken] = await limiter.take([{ key: 'k:window', limit: 3 }]);
      expect(taken!.count).toBe(i);
    }
    clock += 5 * 60_000;
    const refused = await refusal(limiter.take([{ key: 'k:window', limit: 3 }]));
    expect(refused.statusCode).toBe(429);
    expect(refused.headers).toEqual({ 'retry-after': String(10 * 60) });
    expect(await countOf('k:window')).toBe(3);
    clock += 10 * 60_000;
    const [fresh] = await limiter.take([{ key: 'k:window', limit: 3 }]);
    expect(fresh!.count).toBe(1);
  });

  it('counts parallel attempts atomically', async () => {
    const limiter = new AttemptLimiter(backend, 15, now);
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, () => limiter.take([{ key: 'k:parallel', limit: 7 }])),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(7);
    expect(await countOf('k:parallel')).toBe(7);
  });

  it('counts a refused attempt on none of its keys', async () => {
    const limiter = new AttemptLimiter(backend, 15, now);
    await limiter.take([{ key: 'k:locked', limit: 1 }]);
    await refusal(
      limiter.take([
        { key: 'k:other', limit: 10 },
        { key: 'k:locked', limit: 1 },
      ]),
    );
    expect(await countOf('k:other')).toBeUndefined();
    expect(await countOf('k:locked')).toBe(1);
  });

  it('gives an attempt back, only in the window it was counted in, and resets', async () => {
    const limiter = new AttemptLimiter(backend, 15, now);
    const [first] = await limiter.take([{ key: 'k:back', limit: 2 }]);
    await limiter.take([{ key: 'k:back', limit: 2 }]);
    await limiter.giveBack('k:back', first!.windowStart);
    expect(await countOf('k:back')).toBe(1);
    clock += 20 * 60_000;
    await limiter.take([{ key: 'k:back', limit: 2 }]);
    await limiter.giveBack('k:back', first!.windowStart);
    expect(await countOf('k:back')).toBe(1);
    await limiter.giveBack('k:back');
    await limiter.giveBack('k:back');
    expect(await countOf('k:back')).toBeUndefined();
    await limiter.take([{ key: 'k:back', limit: 2 }]);
    await limiter.reset('k:back');
    expect(await countOf('k:back')).toBeUndefined();
  });

  it('guards token lookups: misses count per address, finds give their attempt back', async () => {
    const guard = new PublicTokenGuard(backend, { maxPerIp: 2, windowMinutes: 15 }, now);
    const found = async () => ({ id: 1 });
    const missing = async () => undefined;
    for (let i = 0; i < 5; i++) expect(await guard.open('10.0.0.1', found)).toEqual({ id: 1 });
    expect((await refusal(guard.open('10.0.0.1', missing))).statusCode).toBe(404);
    expect((await refusal(guard.open('10.0.0.1', missing))).statusCode).toBe(404);
    expect((await refusal(guard.open('10.0.0.1', missing))).statusCode).toBe(429);
    expect((await refusal(guard.open('10.0.0.1', found))).statusCode).toBe(429);
    expect((await refusal(guard.open('10.0.0.2', missing))).statusCode).toBe(404);
  });
});

describe('memory attempt store', () => {
  it('keeps at most its number of keys: stale windows go first, then the oldest keys', async () => {
    const store = new MemoryAttemptStore(3);
    const t = Date.parse('2030-01-01T10:00:00.000Z');
    await store.hit('a', 60_000, t);
    await store.hit('b', 60_000, t + 30_000);
    await store.hit('c', 60_000, t + 40_000);
    // a's window has ended: it makes room for d.
    await store.hit('d', 60_000, t + 60_000);
    expect([store.peek('a'), store.peek('b'), store.peek('c'), store.peek('d')]).toEqual([
      undefined,
      1,
      1,
      1,
    ]);
    // None stale: the oldest (b) goes.
    await store.hit('e', 60_000, t + 61_000);
    expect([store.peek('b'), store.peek('c'), store.peek('d'), store.peek('e')]).toEqual([
      undefined,
      1,
      1,
      1,
    ]);
    // Counting a kept key evicts nothing.
    expect((await store.hit('c', 60_000, t + 62_000)).count).toBe(2);
    expect(store.peek('d')).toBe(1);
  });
});
