import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../src/platform/db/database.ts';
import { JobWorker } from '../src/platform/jobs/jobs.ts';
import { registerOrphanSweep } from '../src/platform/storage/orphan-sweep.ts';
import type { FileStorage } from '../src/platform/storage/storage.ts';
import { storedFileFolders } from '../src/platform/storage/stored-file-folders.ts';
import { testDatabases } from './support/test-databases.ts';

/**
 * Recurring work runs once per due time across instances and restarts (issue 36 part 2): a
 * cluster task's turn is taken in the database (`task_leases`), so of two workers polling at the
 * same moment one runs it, and a worker started since (a restart) waits for the next period.
 * On PostgreSQL the two workers have pools of their own, as two processes would.
 */
describe.each(testDatabases())('recurring tasks on $dialect', (testDb) => {
  let database: Database & { url: string };
  let second: Database;
  let n = 0;
  beforeAll(async () => {
    database = await testDb.open();
    second =
      database.dialect === 'postgres'
        ? createDatabase(database.url, database.schema ? { searchPath: database.schema } : {})
        : database;
  });
  afterAll(async () => {
    if (second !== database) await second.destroy();
    await database.destroy();
  });

  const t0 = new Date('2026-03-02T08:00:00.000Z');
  const at = (ms: number) => new Date(t0.getTime() + ms);
  /** A task name of its own per test: the turns are kept in the database between tests. */
  const taskName = () => `probe-${++n}`;
  const lease = (name: string) =>
    database.db.selectFrom('task_leases').selectAll().where('name', '=', name).executeTakeFirst();

  it('runs a cluster task once per period across workers, and not again after a restart', async () => {
    const name = taskName();
    const runs: string[] = [];
    const workers = [database, second, second].map((db, i) => {
      const w = new JobWorker(db);
      w.every(name, 30_000, async () => void runs.push(`w${i}`));
      return w;
    });
    await Promise.all(workers.map((w) => w.runRecurring(t0)));
    expect(runs).toHaveLength(1);
    // Inside the period: nobody; at its end: one of them again.
    await Promise.all(workers.map((w) => w.runRecurring(at(10_000))));
    expect(runs).toHaveLength(1);
    await Promise.all(workers.map((w) => w.runRecurring(at(30_000))));
    expect(runs).toHaveLength(2);
    // A worker started since (a restart) finds the turn taken, and runs at the next due time.
    const restarted = new JobWorker(database);
    restarted.every(name, 30_000, async () => void runs.push('restarted'));
    await restarted.runRecurring(at(31_000));
    expect(runs).toHaveLength(2);
    await restarted.runRecurring(at(61_000));
    expect(runs.at(-1)).toBe('restarted');
    expect(await lease(name)).toMatchObject({
      last_run_at: at(61_000).toISOString(),
      next_run_at: at(91_000).toISOString(),
      holder: expect.stringMatching(/:\d+$/),
    });
  });

  it('logs a failed turn and runs again at the next period, not before', async () => {
    const name = taskName();
    const errors: object[] = [];
    const worker = new JobWorker(database, { log: { error: (obj) => errors.push(obj) } });
    const runs: number[] = [];
    worker.every(name, 30_000, async (now) => {
      runs.push(now.getTime() - t0.getTime());
      if (runs.length === 1) throw new Error('boom');
    });
    await worker.runRecurring(t0);
    await worker.runRecurring(at(10_000));
    await worker.runRecurring(at(30_000));
    expect(runs).toEqual([0, 30_000]);
    expect(errors).toMatchObject([{ task: name }]);
  });

  it('paces a process task in each worker, and `force` runs every task at once', async () => {
    const name = taskName();
    const runs: string[] = [];
    const workers = [database, second].map((db, i) => {
      const w = new JobWorker(db);
      w.every(name, 30_000, async () => void runs.push(`w${i}`), { scope: 'process' });
      return w;
    });
    await Promise.all(workers.map((w) => w.runRecurring(t0)));
    await Promise.all(workers.map((w) => w.runRecurring(at(1_000))));
    expect(runs.sort()).toEqual(['w0', 'w1']);
    await workers[0]!.runRecurring(at(2_000), true);
    expect(runs).toHaveLength(3);
    expect(await lease(name)).toBeUndefined();
  });

  it('starts one orphan sweep per period across workers, each walk in the worker that took it', async () => {
    const listed: string[] = [];
    const storage = {
      async *list(prefix: string) {
        listed.push(prefix);
        yield [];
      },
    } as unknown as FileStorage;
    const workers = [database, second].map((db) => {
      const w = new JobWorker(db);
      registerOrphanSweep(w, db.db, storage);
      return w;
    });
    const folders = Object.keys(storedFileFolders);
    await Promise.all(workers.map((w) => w.runRecurring(t0)));
    // One walk, over every folder, by one worker: ten pages a step, one page a folder here, so
    // the walk's next step (a minute later) reaches the folders past the tenth.
    expect(listed).toHaveLength(Math.min(folders.length, 10));
    await Promise.all(workers.map((w) => w.runRecurring(at(60_000))));
    expect(listed.sort()).toEqual([...folders].sort());
    // Minutes later: no new walk until six hours have passed since the last one started.
    await Promise.all(workers.map((w) => w.runRecurring(at(3_600_000))));
    expect(listed).toHaveLength(folders.length);
    await Promise.all(workers.map((w) => w.runRecurring(at(6 * 3_600_000))));
    await Promise.all(workers.map((w) => w.runRecurring(at(6 * 3_600_000 + 60_000))));
    expect(listed).toHaveLength(2 * folders.length);
  });
});
