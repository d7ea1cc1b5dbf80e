import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/platform/db/database.ts';
import {
  backoffDelay,
  enqueue,
  JobWorker,
  PermanentJobError,
  WORKER_STOPPED_ERROR,
} from '../src/platform/jobs/jobs.ts';
import { queueMail, registerMailJob } from '../src/platform/mail/mailer.ts';
import { testDatabases } from './support/test-databases.ts';

describe('backoff', () => {
  it('doubles from the base, capped', () => {
    expect([1, 2, 3, 4].map((n) => backoffDelay(n, 1000, 5000))).toEqual([1000, 2000, 4000, 5000]);
  });
});

describe.each(testDatabases())('background jobs on $dialect', (testDb) => {
  let database: Database;
  beforeAll(async () => {
    database = await testDb.open();
  });
  afterAll(() => database.destroy());

  const job = (id: number) =>
    database.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('writes a job only when the transaction commits', async () => {
    await database.db
      .transaction()
      .execute(async (trx) => {
        await enqueue(trx, 'noop', { n: 1 });
        throw new Error('rollback');
      })
      .catch(() => {});
    const worker = new JobWorker(database);
    let ran = 0;
    worker.register('noop', async () => {
      ran++;
    });
    expect(await worker.drain()).toBe(0);
    const id = await database.db.transaction().execute((trx) => enqueue(trx, 'noop', { n: 2 }));
    expect(await worker.drain()).toBe(1);
    expect(ran).toBe(1);
    expect(await job(id)).toMatchObject({ status: 'done', attempts: 1, locked_at: null });
  });

  it('leaves the jobs of a type it has no handler for to the workers that have one', async () => {
    const id = await enqueue(database.db, 'newer-type', {});
    const older = new JobWorker(database);
    older.register('noop', async () => {});
    expect(await older.drain()).toBe(0);
    expect(await job(id)).toMatchObject({ status: 'queued', attempts: 0, last_error: null });
    const newer = new JobWorker(database);
    let ran = 0;
    newer.register('newer-type', async () => void ran++);
    expect(await newer.drain()).toBe(1);
    expect(ran).toBe(1);
    expect(await job(id)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it("writes a job's outcome once the database answers again, and runs it once", async () => {
    // The database goes away right after the handler (a restart): the next writes fail.
    let failing = 0;
    const away: KyselyPlugin = {
      transformQuery({ node }) {
        if (failing > 0 && node.kind === 'UpdateQueryNode') {
          failing--;
          throw new Error('the database system is shutting down');
        }
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const worker = new JobWorker(
      { ...database, db: database.db.withPlugin(away) },
      { settleRetryMs: 1 },
    );
    let ran = 0;
    worker.register('ends-in-a-restart', async () => {
      ran++;
      failing = 3;
    });
    const id = await enqueue(database.db, 'ends-in-a-restart', {});
    expect(await worker.drain()).toBe(1);
    expect(ran).toBe(1);
    expect(await job(id)).toMatchObject({ status: 'done', attempts: 1, last_error: null });
  });

  it('retries with exponential backoff and marks the job dead after its last try', async () => {
    const worker = new JobWorker(database, { backoffMs: 60_000 });
    const seen: number[] = [];
    worker.register<{ x: number }>('flaky', async (payload, meta) => {
      seen.push(meta.attempt);
      throw new Error(`boom ${payload.x}`);
    });
    const id = await enqueue(database.db, 'flaky', { x: 7 }, { maxAttempts: 3 });
    const before = Date.now();
    expect(await worker.runOnce()).toBe(true);
    let row = await job(id);
    expect(row).toMatchObject({ status: 'queued', attempts: 1, last_error: 'boom 7' });
    const delay = Date.parse(row.run_at) - before;
    expect(delay).toBeGreaterThanOrEqual(59_000);
    expect(delay).toBeLessThan(62_000);
    // Not due yet: nothing runs now.
    expect(await worker.runOnce()).toBe(false);
    // Later, the second try waits twice as long.
    expect(await worker.runOnce(new Date(Date.now() + 61_000))).toBe(true);
    row = await job(id);
    expect(Date.parse(row.run_at) - Date.now()).toBeGreaterThan(110_000);
    expect(await worker.runOnce(new Date(Date.now() + 10 * 60_000))).toBe(true);
    row = await job(id);
    expect(row).toMatchObject({ status: 'dead', attempts: 3 });
    expect(seen).toEqual([1, 2, 3]);
    expect(await worker.runOnce(new Date(Date.now() + 3_600_000))).toBe(false);
  });

  it('lets only one claimer take a job', async () => {
    const claimer = (options = {}) => {
      const w = new JobWorker(database, options);
      w.register('single', async () => {});
      return w;
    };
    const [a, b] = [claimer(), claimer()];
    await enqueue(database.db, 'single', {});
    const [x, y] = await Promise.all([a.claim(), b.claim()]);
    expect([x, y].filter(Boolean)).toHaveLength(1);
    // A job whose worker died (lock older than the timeout) is taken again.
    const c = claimer({ lockTimeoutMs: 1000 });
    expect(await c.claim()).toBeNull();
    expect(await c.claim(new Date(Date.now() + 5000))).not.toBeNull();
  });

  it('marks a job dead at its first permanent failure, whatever attempts it has left', async () => {
    const worker = new JobWorker(database, { backoffMs: 1 });
    worker.register('hopeless', async () => {
      throw new PermanentJobError('CV text extraction refused: decompressed size over 20 MB');
    });
    // Errors from layers that do not know the queue say so with `permanent: true`.
    worker.register('hopeless.duck', async () => {
      throw Object.assign(new Error('unreadable'), { permanent: true });
    });
    const a = await enqueue(database.db, 'hopeless', {}, { maxAttempts: 5 });
    const b = await enqueue(database.db, 'hopeless.duck', {}, { maxAttempts: 5 });
    await worker.drain();
    expect(await job(a)).toMatchObject({
      status: 'dead',
      attempts: 1,
      locked_at: null,
      last_error: 'CV text extraction refused: decompressed size over 20 MB',
    });
    expect(await job(b)).toMatchObject({ status: 'dead', attempts: 1, last_error: 'unreadable' });
  });

  it('buries a job whose worker died during its last try instead of claiming it again', async () => {
    const worker = new JobWorker(database, { lockTimeoutMs: 60_000 });
    worker.register('crashy', async () => {});
    const lastTry = await enqueue(database.db, 'crashy', {}, { maxAttempts: 2 });
    const triesLeft = await enqueue(database.db, 'crashy', {}, { maxAttempts: 3 });
    const fresh = await enqueue(database.db, 'crashy', {}, { maxAttempts: 1 });
    // As a worker leaves them when the process dies mid-job: running, locked, attempts counted.
    const crashed = (id: number, attempts: number, lockedAgoMs: number) =>
      database.db
        .updateTable('jobs')
        .set({
          status: 'running',
          attempts,
          locked_at: new Date(Date.now() - lockedAgoMs).toISOString(),
          last_error: 'earlier failure',
        })
        .where('id', '=', id)
        .execute();
    await crashed(lastTry, 2, 10 * 60_000);
    await crashed(triesLeft, 1, 10 * 60_000);
    // Its worker may still be at it: the lock is recent.
    await crashed(fresh, 1, 1000);

    const claimed: number[] = [];
    for (let job = await worker.claim(); job; job = await worker.claim()) claimed.push(job.id);
    expect(claimed).toContain(triesLeft);
    expect(claimed).not.toContain(lastTry);
    expect(claimed).not.toContain(fresh);
    expect(await job(triesLeft)).toMatchObject({ status: 'running', attempts: 2 });
    expect(await job(lastTry)).toMatchObject({
      status: 'dead',
      attempts: 2,
      locked_at: null,
      last_error: WORKER_STOPPED_ERROR,
    });
    expect(await job(fresh)).toMatchObject({ status: 'running', attempts: 1 });

    // Later its lock is stale too, and that was its only try: buried, never claimed a second time.
    await database.db
      .updateTable('jobs')
      .set({ status: 'done' })
      .where('id', '=', triesLeft)
      .execute();
    const later = new Date(Date.now() + 5 * 60_000);
    const claimedLater: number[] = [];
    for (let job = await worker.claim(later); job; job = await worker.claim(later)) {
      claimedLater.push(job.id);
    }
    expect(claimedLater).not.toContain(fresh);
    expect(await job(fresh)).toMatchObject({
      status: 'dead',
      attempts: 1,
      last_error: WORKER_STOPPED_ERROR,
    });
  });

  it('buries at most once per buryEveryMs of the claims’ clock, never claiming a last try meanwhile', async () => {
    const worker = new JobWorker(database, { lockTimeoutMs: 60_000, buryEveryMs: 120_000 });
    const claimAll = async (now: Date) => {
      const ids: number[] = [];
      for (let job = await worker.claim(now); job; job = await worker.claim(now)) ids.push(job.id);
      return ids;
    };
    const start = Date.now();
    // The worker's first claim buries (nothing of this test's yet).
    await claimAll(new Date(start));
    const id = await enqueue(database.db, 'cadence', {}, { maxAttempts: 1 });
    await database.db
      .updateTable('jobs')
      .set({
        status: 'running',
        attempts: 1,
        locked_at: new Date(start - 10 * 60_000).toISOString(),
      })
      .where('id', '=', id)
      .execute();
    // Within the cadence: left as it is, and not handed out either.
    expect(await claimAll(new Date(start + 60_000))).not.toContain(id);
    expect(await job(id)).toMatchObject({ status: 'running', attempts: 1 });
    // Once the cadence is over, the next claim buries it.
    expect(await claimAll(new Date(start + 120_000))).not.toContain(id);
    expect(await job(id)).toMatchObject({
      status: 'dead',
      attempts: 1,
      locked_at: null,
      last_error: WORKER_STOPPED_ERROR,
    });
  });

  it('sends queued mail once, through SMTP when configured or into the outbox', async () => {
    const sent: string[] = [];
    let fail = true;
    const transport = {
      async sendMail(m: { to: string }) {
        if (fail) {
          fail = false;
          throw new Error('smtp down');
        }
        sent.push(m.to);
        return {};
      },
    };
    const worker = new JobWorker(database, { backoffMs: 1 });
    registerMailJob(worker, database.db, {
      smtpUrl: undefined,
      from: 'test@embauche.local',
      transport: transport as never,
    });
    const mailId = await database.db
      .transaction()
      .execute((trx) =>
        queueMail(trx, { companyId: null, to: 'a@b.test', subject: 'Hi', text: 'Hello' }),
      );
    await worker.runOnce();
    let mail = await database.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('id', '=', mailId)
      .executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ sent_at: null, error: 'smtp down' });
    await new Promise((r) => setTimeout(r, 5));
    await worker.drain();
    mail = await database.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('id', '=', mailId)
      .executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ transport: 'smtp', error: null });
    expect(mail.sent_at).not.toBeNull();
    // Idempotent: the same job again sends nothing more.
    await enqueue(database.db, 'mail.send', { mail_id: mailId });
    await worker.drain();
    expect(sent).toEqual(['a@b.test']);

    const outboxOnly = new JobWorker(database);
    registerMailJob(outboxOnly, database.db, { smtpUrl: undefined, from: 'x@y.test' });
    const id2 = await queueMail(database.db, {
      companyId: null,
      to: 'c@d.test',
      subject: 'S',
      text: 'T',
    });
    await outboxOnly.drain();
    const row = await database.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('id', '=', id2)
      .executeTakeFirstOrThrow();
    expect(row.transport).toBe('outbox');
    expect(row.sent_at).not.toBeNull();
  });

  it('deletes finished jobs once their retention is over; queued and recent ones stay', async () => {
    const worker = new JobWorker(database, { retentionMs: 86_400_000, backoffMs: 1 });
    worker.register('purge.ok', async () => {});
    worker.register('purge.fail', async () => {
      throw new Error('always');
    });
    const done = await enqueue(database.db, 'purge.ok', {});
    const dead = await enqueue(database.db, 'purge.fail', {}, { maxAttempts: 1 });
    const recent = await enqueue(database.db, 'purge.ok', {});
    await worker.drain();
    const queued = await enqueue(
      database.db,
      'purge.ok',
      {},
      { runAt: new Date(Date.now() + 3_600_000) },
    );
    expect((await job(dead)).status).toBe('dead');
    const longAgo = new Date(Date.now() - 2 * 86_400_000).toISOString();
    await database.db
      .updateTable('jobs')
      .set({ updated_at: longAgo })
      .where('id', 'in', [done, dead, queued])
      .execute();
    expect(await worker.purge()).toBe(2);
    const left = await database.db
      .selectFrom('jobs')
      .select('id')
      .where('id', 'in', [done, dead, recent, queued])
      .orderBy('id')
      .execute();
    expect(left.map((r) => r.id)).toEqual([recent, queued]);
    expect(await worker.purge()).toBe(0);
  });
});
