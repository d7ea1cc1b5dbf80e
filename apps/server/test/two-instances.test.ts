import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueue } from '../src/platform/jobs/jobs.ts';
import { SESSION_PURGE_TASK } from '../src/platform/auth/sessions.service.ts';
import { hubUrl } from './support/hub-client.ts';
import { multipart, pdfWith } from './support/multipart.ts';
import { loadFixtures, type Fixtures } from './support/route-fixtures.ts';
import { S3RVER_CREDENTIALS, startS3rver, type S3rverHandle } from './support/s3rver.ts';
import { openStream, type SseStream } from './support/sse-client.ts';
import { signIn, startOtherInstance, startTestApp, type TestContext } from './support/test-app.ts';
import { allTestDatabases } from './support/test-databases.ts';

/**
 * Two instances of one deployment (issue 36 part 2, "Done when"): each with its own pool on one
 * PostgreSQL database, sharing the test Redis (attempt counters, the hub) and one bucket (s3rver).
 * What one instance does, the other sees: a session, a sign-in limit, a live update, a file, the
 * job queue, recurring work. Skipped without TEST_DATABASE_URL or TEST_REDIS_URL (.ci/run sets
 * both). Each run has Redis keys of its own, deleted at the end.
 */
const redisUrl = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL;
const postgres = allTestDatabases().find((d) => d.dialect === 'postgres');
const prefix = `embauche-test:${randomUUID()}:`;

describe.skipIf(!redisUrl || !postgres)('two instances on one PostgreSQL, Redis and bucket', () => {
  let s3: S3rverHandle;
  let a: TestContext;
  let b: TestContext;
  let baseB: string;
  let fx: Fixtures;
  const streams: SseStream[] = [];

  beforeAll(async () => {
    s3 = await startS3rver();
    process.env.AWS_ACCESS_KEY_ID = S3RVER_CREDENTIALS.accessKeyId;
    process.env.AWS_SECRET_ACCESS_KEY = S3RVER_CREDENTIALS.secretAccessKey;
    a = await startTestApp(postgres!, {
      REDIS_URL: redisUrl!,
      ATTEMPTS_REDIS_PREFIX: `${prefix}attempts:`,
      MERCURE_REDIS_PREFIX: `${prefix}hub:`,
      MERCURE_JWT_SECRET: 'subscriber-key-of-the-two-instance-tests-0123',
      STORAGE_URL: s3.storageUrl('two-instances'),
    });
    b = await startOtherInstance(a);
    baseB = await b.app.listen({ port: 0, host: '127.0.0.1' });
    fx = await loadFixtures(a);
  }, 60_000);
  afterAll(async () => {
    for (const s of streams) s.close();
    await b?.close();
    await a?.close();
    await s3?.stop();
    const redis = new Redis(redisUrl!);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  const me = (ctx: TestContext, cookie: string) =>
    ctx.app.inject({ url: '/api/me', headers: { cookie } });
  const login = (ctx: TestContext, email: string, password: string, remoteAddress: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password },
      remoteAddress,
    });

  it('a session made on one works on the other, and a sign-out on one ends it on both', async () => {
    const cookie = await signIn(a.app, 'recruiter@demo.test');
    expect((await me(b, cookie)).statusCode).toBe(200);
    expect((await me(a, cookie)).statusCode).toBe(200);
    const out = await b.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(out.statusCode).toBe(204);
    // A has the session in its cache: the end reaches it through Redis, well before the cache's
    // 5 seconds are over.
    const start = Date.now();
    while ((await me(a, cookie)).statusCode !== 401) {
      expect(Date.now() - start).toBeLessThan(2_000);
      await new Promise((r) => setTimeout(r, 20));
    }
  });

  it('wrong passwords split across both are stopped at the count one instance stops at', async () => {
    // On one instance: how many wrong passwords (422) an e-mail gets before the 429.
    let alone = 0;
    while ((await login(a, 'manager@demo.test', 'wrong', '10.1.0.1')).statusCode === 422) alone++;
    expect(alone).toBe(a.config.login.maxPerEmail);
    // Split, one after the other: the same count.
    let split = 0;
    for (let i = 0; ; i++) {
      const status = (await login(i % 2 ? b : a, 'multi@demo.test', 'wrong', '10.1.0.2'))
        .statusCode;
      if (status !== 422) {
        expect(status).toBe(429);
        break;
      }
      split++;
    }
    expect(split).toBe(alone);
    // Split and all at once: still no more than the limit gets its password checked.
    const statuses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        login(i % 2 ? b : a, 'nobody-split@demo.test', 'wrong', '10.1.0.3'),
      ),
    );
    expect(statuses.filter((r) => r.statusCode === 422)).toHaveLength(alone);
    expect(statuses.filter((r) => r.statusCode === 429)).toHaveLength(12 - alone);
    // And the right password is refused on either instance until the window ends.
    for (const ctx of [a, b])
      expect((await login(ctx, 'manager@demo.test', 'demo1234', '10.1.0.4')).statusCode).toBe(429);
  });

  it('a live update written through one reaches a subscriber of the other', async () => {
    const recruiterCookie = await signIn(b.app, 'recruiter@demo.test');
    const recruiter = (await me(b, recruiterCookie)).json<{
      id: number;
      mercure_subscription_token: string;
    }>();
    const stream = await openStream(hubUrl(baseB, [['topic', `v2/user/${recruiter.id}`]]), {
      authorization: `Bearer ${recruiter.mercure_subscription_token}`,
    });
    streams.push(stream);
    expect(stream.status).toBe(200);
    const body = multipart(
      { text: '@Julien deux instances', 'mentions[users][0]': String(recruiter.id) },
      [],
    );
    const posted = await a.app.inject({
      method: 'POST',
      url: `/api/activity-feed?applicant_id=${fx.inside.applicant}`,
      payload: body.payload,
      headers: { ...body.headers, cookie: await signIn(a.app, 'admin@demo.test') },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const update = await stream.next(5_000);
    expect(JSON.parse(update.data)).toMatchObject({ data: { slug: 'comment_mention' } });
  });

  it('a file uploaded through one downloads through the other, and its job runs on the other', async () => {
    const admin = await signIn(a.app, 'admin@demo.test');
    const offer = fx.inside;
    const cv = await pdfWith(['Camille Deux', 'Soudeuse']);
    const body = multipart(
      { firstname: 'Camille', lastname: 'Deux', email: 'camille.deux@exemple.fr' },
      [{ field: 'cv', filename: 'cv.pdf', data: cv, type: 'application/pdf' }],
    );
    const created = await a.app.inject({
      method: 'POST',
      url: `/api/projects/${offer.project}/offers/${offer.offer}/manual`,
      payload: body.payload,
      headers: { ...body.headers, cookie: admin },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ applicant: { id: number } }>().applicant.id;
    const down = await b.app.inject({
      url: `/api/applicants/${id}/cv`,
      headers: { cookie: admin },
    });
    expect(down.statusCode).toBe(200);
    expect(down.rawPayload.equals(cv)).toBe(true);
    // The CV's text extraction, queued by A, runs in B's worker, which reads the bucket.
    await b.app.worker.drain();
    const row = await a.database.db
      .selectFrom('applicants')
      .select('cv_text')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.cv_text ?? '').toContain('Soudeuse');
  });

  it('both workers draining at once run each job once', async () => {
    const ran: number[] = [];
    for (const ctx of [a, b])
      ctx.app.worker.register<{ n: number }>('two-instances-probe', async ({ n }) => {
        ran.push(n);
        await new Promise((r) => setTimeout(r, 2));
      });
    for (let n = 0; n < 40; n++) await enqueue(a.database.db, 'two-instances-probe', { n });
    await Promise.all([a.app.worker.drain(), b.app.worker.drain(), a.app.worker.drain()]);
    expect(ran.sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, n) => n));
  });

  it("recurring work takes one turn across both: the expired sessions' purge", async () => {
    const { db } = a.database;
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'admin@demo.test')
      .executeTakeFirstOrThrow();
    const long = new Date(Date.now() - 30 * 86_400_000).toISOString();
    await db
      .insertInto('sessions')
      .values({
        id: `expired-${randomUUID()}`,
        user_id: user.id,
        two_factor_pending: false,
        acting_company_id: null,
        acting_user_id: null,
        acting_role_id: null,
        ip: null,
        user_agent: null,
        created_at: long,
        last_seen_at: long,
        expires_at: long,
      })
      .execute();
    const now = new Date();
    await Promise.all([a.app.worker.runRecurring(now), b.app.worker.runRecurring(now)]);
    const lease = await db
      .selectFrom('task_leases')
      .selectAll()
      .where('name', '=', SESSION_PURGE_TASK)
      .executeTakeFirstOrThrow();
    expect(lease.last_run_at).toBe(now.toISOString());
    expect(
      await db
        .selectFrom('sessions')
        .select('id')
        .where('expires_at', '<', now.toISOString())
        .execute(),
    ).toEqual([]);
  });
});
