import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newRecoveryCodes, newTotpSecret, totpCode } from '../src/modules/auth/totp.ts';
import { startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';
import { challenge, enrolTwoFactor, pendingSignIn, wrongCode } from './support/two-factor.ts';

/**
 * Issue 33 item 1 across instances: two servers, each on a database of its own, sharing the test
 * Redis (REDIS_URL) share the second factor's account limit, which is counted in Redis only.
 * Skipped without TEST_REDIS_URL. Each run has a key prefix of its own, deleted at the end.
 */
const redisUrl = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL;
const prefix = `embauche-test:${randomUUID()}:attempts:`;

describe.skipIf(!redisUrl)('second-factor limits across instances through Redis', () => {
  const apps: TestContext[] = [];
  const secret = newTotpSecret();
  const recoveryCodes = newRecoveryCodes();

  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      const ctx = await startTestApp(testDatabases()[0]!, {
        REDIS_URL: redisUrl!,
        ATTEMPTS_REDIS_PREFIX: prefix,
      });
      apps.push(ctx);
      await enrolTwoFactor(ctx.database, 'admin@demo.test', secret, recoveryCodes);
    }
  }, 60_000);
  afterAll(async () => {
    for (const ctx of apps) await ctx.close();
    const redis = new Redis(redisUrl!);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('counts wrong codes on one instance against the account on the other', async () => {
    const [a, b] = apps as [TestContext, TestContext];
    // 5 on A (that pending sign-in is then void), 5 on B: the account's 10.
    for (const ctx of [a, b]) {
      const pending = await pendingSignIn(ctx.app, 'admin@demo.test');
      for (let i = 1; i <= 5; i++)
        expect((await challenge(ctx.app, pending, { code: wrongCode(secret) })).statusCode).toBe(
          422,
        );
    }
    for (const ctx of [a, b]) {
      const pending = await pendingSignIn(ctx.app, 'admin@demo.test');
      const refused = await challenge(ctx.app, pending, { code: totpCode(secret) });
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(14 * 60);
    }
    // The counts are in Redis, not in either database.
    for (const ctx of [a, b])
      expect(
        await ctx.database.db
          .selectFrom('login_attempts')
          .select('key')
          .where('key', 'like', '2fa:%')
          .execute(),
      ).toEqual([]);
    const redis = new Redis(redisUrl!);
    expect((await redis.keys(`${prefix}2fa:user:*`)).length).toBe(1);
    await redis.quit();
    // One mail for the account, written by the instance whose wrong code reached the limit.
    const mails = await Promise.all(
      [a, b].map((ctx) =>
        ctx.database.db
          .selectFrom('mail_outbox')
          .select('id')
          .where('to', '=', 'admin@demo.test')
          .execute(),
      ),
    );
    expect(mails.map((m) => m.length)).toEqual([0, 1]);
  });

  it('limits sign-ins through Redis too', async () => {
    const [a] = apps as [TestContext];
    for (let i = 0; i < 5; i++)
      await a.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: 'nobody@demo.test', password: 'wrong-password' },
      });
    const res = await apps[1]!.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'nobody@demo.test', password: 'wrong-password' },
    });
    expect(res.statusCode).toBe(429);
  });
});
