import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { claimTurn } from './task-leases.ts';

export type JobOptions = { runAt?: Date; maxAttempts?: number };

/**
 * Writes a job in the caller's transaction (DESIGN section 5): it exists exactly when the business
 * change that asks for it was committed. Handlers must be idempotent: a job may run twice.
 */
export async function enqueue(
  trx: Kysely<DB>,
  type: string,
  payload: unknown,
  options: JobOptions = {},
): Promise<number> {
  const now = new Date().toISOString();
  const row = await trx
    .insertInto('jobs')
    .values({
      type,
      payload: JSON.stringify(payload ?? null),
      status: 'queued',
      attempts: 0,
      max_attempts: options.maxAttempts ?? 5,
      run_at: (options.runAt ?? new Date()).toISOString(),
      last_error: null,
      locked_at: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Rows per multi-row insert: far under SQLite's and PostgreSQL's bound-parameter limits. */
const BULK_ROWS = 250;

/**
 * Writes one job per payload in the caller's transaction, a few hundred rows per statement (a
 * batch of work, e.g. an import's invitations). Answers the jobs' ids.
 */
export async function enqueueMany(
  trx: Kysely<DB>,
  type: string,
  payloads: unknown[],
  options: JobOptions = {},
): Promise<number[]> {
  const now = new Date().toISOString();
  const runAt = (options.runAt ?? new Date()).toISOString();
  const ids: number[] = [];
  for (let start = 0; start < payloads.length; start += BULK_ROWS) {
    const rows = await trx
      .insertInto('jobs')
      .values(
        payloads.slice(start, start + BULK_ROWS).map((payload) => ({
          type,
          payload: JSON.stringify(payload ?? null),
          status: 'queued',
          attempts: 0,
          max_attempts: options.maxAttempts ?? 5,
          run_at: runAt,
          last_error: null,
          locked_at: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning('id')
      .execute();
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

/**
 * Thrown by a handler when trying again cannot help: the job is marked dead at once, with this
 * message as its last error, whatever attempts it has left.
 */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
  readonly permanent = true;
}

/**
 * A PermanentJobError, or any error with `permanent: true`: lower layers (the CV text extraction
 * refusing a hostile file) say so without depending on the job queue.
 */
export function isPermanentError(err: unknown): boolean {
  return (
    err instanceof PermanentJobError ||
    (typeof err === 'object' && err !== null && (err as { permanent?: unknown }).permanent === true)
  );
}

/** The last error of a job whose worker died (crash, out of memory, kill) during its last try. */
export const WORKER_STOPPED_ERROR = 'the worker stopped during the last attempt';

export type JobHandler = (payload: never, job: { id: number; attempt: number }) => Promise<void>;

export type ClaimedJob = {
  id: number;
  type: string;
  payload: string;
  attempts: number;
  max_attempts: number;
};

export type WorkerOptions = {
  /** First retry delay; each next one doubles, up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
  pollMs?: number;
  /** A running job whose lock is older is taken again (its worker died). */
  lockTimeoutMs?: number;
  /** Finished (done or dead) jobs are deleted this long after their last run. */
  retentionMs?: number;
  /** How often they are deleted (one turn across the workers, `every`). */
  purgeEveryMs?: number;
  /**
   * How often, at most, a claim first buries the stale jobs that were on their last try (in the
   * claims' clock). Between two burials such a job is left alone: never claimed, just not yet
   * marked dead.
   */
  buryEveryMs?: number;
  /** First wait before writing a job's outcome again (`settle`); each next one doubles. */
  settleRetryMs?: number;
  log?: { error(obj: object, msg: string): void };
};

/** Tries to write a job's outcome (`JobWorker.settle`). */
const SETTLE_TRIES = 6;

/** Retry delay after `attempts` failed tries: backoff · 2^(attempts-1), capped. */
export function backoffDelay(attempts: number, backoffMs: number, maxBackoffMs: number): number {
  return Math.min(maxBackoffMs, backoffMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * Claims due jobs one at a time and runs their handler. PostgreSQL claims with
 * `FOR UPDATE SKIP LOCKED`, so several workers share the queue; SQLite has one writer and claims
 * with a single conditional UPDATE.
 */
export class JobWorker {
  readonly #handlers = new Map<string, JobHandler>();
  readonly #recurring = new Map<
    string,
    {
      everyMs: number;
      task: (now: Date) => Promise<unknown>;
      scope: 'cluster' | 'process';
      last: number;
    }
  >();
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<unknown> | null = null;
  #stopped = true;
  /** When this worker's claims last buried stale jobs (ms, the claims' clock); none yet. */
  #lastBurial = Number.NEGATIVE_INFINITY;
  readonly #o: Required<Omit<WorkerOptions, 'log'>> & Pick<WorkerOptions, 'log'>;

  constructor(
    private readonly database: Database,
    options: WorkerOptions = {},
  ) {
    this.#o = {
      backoffMs: options.backoffMs ?? 10_000,
      maxBackoffMs: options.maxBackoffMs ?? 3_600_000,
      pollMs: options.pollMs ?? 1_000,
      lockTimeoutMs: options.lockTimeoutMs ?? 10 * 60_000,
      retentionMs: options.retentionMs ?? 14 * 86_400_000,
      purgeEveryMs: options.purgeEveryMs ?? 3_600_000,
      buryEveryMs: options.buryEveryMs ?? 60_000,
      settleRetryMs: options.settleRetryMs ?? 500,
      log: options.log,
    };
    this.every('jobs-purge', this.#o.purgeEveryMs, () => this.purge());
  }

  /**
   * A recurring task, run by the polling loop every `everyMs`. Scope `cluster` (the default): one
   * turn per period across every worker on the database and across restarts (`claimTurn`, the
   * `task_leases` table), whichever worker's loop comes first; the others skip that period. Scope
   * `process`: every worker runs it at its own pace (work that is the process's own, such as
   * advancing a walk it holds in memory). Either way a task must be safe to run twice (a turn
   * whose worker dies is not run again before the next period; work it claims in its own rows, as
   * the scheduled exports do, stays exact).
   */
  every(
    name: string,
    everyMs: number,
    task: (now: Date) => Promise<unknown>,
    options: { scope?: 'cluster' | 'process' } = {},
  ): void {
    this.#recurring.set(name, {
      everyMs,
      task,
      scope: options.scope ?? 'cluster',
      last: Number.NEGATIVE_INFINITY,
    });
  }

  /** Takes the cluster-wide turn of `name` at `now` if it is due (`claimTurn`). */
  turn(name: string, everyMs: number, now = new Date()): Promise<boolean> {
    return claimTurn(this.database.db, name, everyMs, now);
  }

  /**
   * Runs the recurring tasks whose pace allows. `force` (tests, the CLI) runs every one of them
   * at once in this process, turns or not.
   */
  async runRecurring(now = new Date(), force = false): Promise<void> {
    for (const [name, r] of this.#recurring) {
      if (!force && now.getTime() - r.last < r.everyMs) continue;
      r.last = now.getTime();
      try {
        if (!force && r.scope === 'cluster' && !(await this.turn(name, r.everyMs, now))) continue;
        await r.task(now);
      } catch (err) {
        this.#o.log?.error({ err, task: name }, 'recurring task failed');
      }
    }
  }

  register<T>(
    type: string,
    handler: (payload: T, job: { id: number; attempt: number }) => Promise<void>,
  ) {
    this.#handlers.set(type, handler as JobHandler);
  }

  async claim(now = new Date()): Promise<ClaimedJob | null> {
    const { db, dialect } = this.database;
    const at = now.toISOString();
    const stale = new Date(now.getTime() - this.#o.lockTimeoutMs).toISOString();
    const sinceBurial = now.getTime() - this.#lastBurial;
    // A clock that went back (or a caller's earlier `now`) buries at once rather than waiting.
    if (sinceBurial >= this.#o.buryEveryMs || sinceBurial < 0) {
      this.#lastBurial = now.getTime();
      await this.bury(at, stale);
    }
    // Only the types this worker runs: in a fleet being upgraded, an older worker leaves a new
    // type's jobs to the workers that know it rather than failing them.
    const types = [...this.#handlers.keys()];
    if (!types.length) return null;
    const due = (eb: ExpressionBuilder<DB, 'jobs'>) =>
      eb.and([
        eb('jobs.type', 'in', types),
        eb.or([
          eb.and([eb('jobs.status', '=', 'queued'), eb('jobs.run_at', '<=', at)]),
          // A stale job on its last try is never handed out, buried yet or not (the next burial
          // marks it dead).
          eb.and([
            eb('jobs.status', '=', 'running'),
            eb('jobs.locked_at', '<', stale),
            eb('jobs.attempts', '<', eb.ref('jobs.max_attempts')),
          ]),
        ]),
      ]);
    let next = db
      .selectFrom('jobs')
      .select('jobs.id')
      .where(due)
      .orderBy('jobs.run_at')
      .orderBy('jobs.id')
      .limit(1);
    if (dialect === 'postgres') next = next.forUpdate().skipLocked();
    const row = await db
      .updateTable('jobs')
      .set((eb) => ({
        status: 'running',
        locked_at: at,
        updated_at: at,
        attempts: eb('attempts', '+', 1),
      }))
      .where('jobs.id', '=', (eb) => eb.selectFrom(next.as('n')).select('n.id'))
      // SQLite: the condition again, so that a row another claimer just took is left alone.
      .where(due)
      .returning(['id', 'type', 'payload', 'attempts', 'max_attempts'])
      .executeTakeFirst();
    return row ?? null;
  }

  /**
   * A stale running job is one whose worker died while running it. If that was its last try, it is
   * dead: claiming it again would run it past max_attempts, and a job that kills its worker (a
   * hostile file exhausting memory) would then kill every restarted worker in turn. `claim` never
   * hands such a job out; this marks it dead, at most every `buryEveryMs`, rather than on every
   * claim (an UPDATE over the running jobs each time).
   */
  private async bury(at: string, stale: string): Promise<void> {
    const buried = await this.database.db
      .updateTable('jobs')
      .set({ status: 'dead', locked_at: null, last_error: WORKER_STOPPED_ERROR, updated_at: at })
      .where('jobs.status', '=', 'running')
      .where('jobs.locked_at', '<', stale)
      .where((eb) => eb('jobs.attempts', '>=', eb.ref('jobs.max_attempts')))
      .returning(['jobs.id', 'jobs.type', 'jobs.attempts'])
      .execute();
    for (const job of buried) {
      this.#o.log?.error(
        {
          job: job.id,
          type: job.type,
          attempt: job.attempts,
          dead: true,
          err: WORKER_STOPPED_ERROR,
        },
        'job failed',
      );
    }
  }

  /** Claims and runs one due job; answers whether there was one. */
  async runOnce(now = new Date()): Promise<boolean> {
    const job = await this.claim(now);
    if (!job) return false;
    const { db } = this.database;
    const handler = this.#handlers.get(job.type);
    let failure: { err: unknown } | undefined;
    try {
      if (!handler) throw new Error(`No handler for job type "${job.type}"`);
      await handler(JSON.parse(job.payload) as never, { id: job.id, attempt: job.attempts });
    } catch (err) {
      failure = { err };
    }
    if (!failure) {
      await this.settle(() =>
        db
          .updateTable('jobs')
          .set({
            status: 'done',
            locked_at: null,
            last_error: null,
            updated_at: new Date().toISOString(),
          })
          .where('id', '=', job.id)
          .execute(),
      );
      return true;
    }
    const { err } = failure;
    const message = err instanceof Error ? err.message : String(err);
    const dead = isPermanentError(err) || job.attempts >= job.max_attempts;
    const runAt = new Date(
      Date.now() + backoffDelay(job.attempts, this.#o.backoffMs, this.#o.maxBackoffMs),
    );
    await this.settle(() =>
      db
        .updateTable('jobs')
        .set({
          status: dead ? 'dead' : 'queued',
          locked_at: null,
          last_error: message.slice(0, 2000),
          run_at: dead ? sql<string>`run_at` : runAt.toISOString(),
          updated_at: new Date().toISOString(),
        })
        .where('id', '=', job.id)
        .execute(),
    );
    this.#o.log?.error(
      { job: job.id, type: job.type, attempt: job.attempts, dead, err: message },
      'job failed',
    );
    return true;
  }

  /**
   * Writes a job's outcome, trying again while the database is away (a restart, a failover):
   * 6 tries over about 15 s with the default `settleRetryMs`. A job that ran must not stay
   * `running` until its lock times out and then run a second time because one write failed, nor be
   * counted as failed for it. Past the tries the error goes up, and the lock timeout takes over.
   */
  private async settle(write: () => Promise<unknown>): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await write();
        return;
      } catch (err) {
        if (attempt >= SETTLE_TRIES) throw err;
        await new Promise((resolve) =>
          setTimeout(resolve, this.#o.settleRetryMs * 2 ** (attempt - 1)),
        );
      }
    }
  }

  /**
   * Deletes the jobs that finished (done, or dead after their last try) longer than the retention
   * ago; queued and running ones stay. Answers how many went.
   */
  async purge(now = new Date()): Promise<number> {
    const before = new Date(now.getTime() - this.#o.retentionMs).toISOString();
    const result = await this.database.db
      .deleteFrom('jobs')
      .where('status', 'in', ['done', 'dead'])
      .where('updated_at', '<', before)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Runs every due job until none is left (tests, the CLI); answers how many ran. */
  async drain(limit = 1000): Promise<number> {
    let n = 0;
    while (n < limit && (await this.runOnce())) n++;
    return n;
  }

  /** Polls in the background until `stop()`. */
  start(): void {
    if (!this.#stopped) return;
    this.#stopped = false;
    const tick = async () => {
      if (this.#stopped) return;
      try {
        this.#running = this.runRecurring().then(() => this.drain(50));
        await this.#running;
      } catch (err) {
        this.#o.log?.error({ err }, 'job worker tick failed');
      } finally {
        this.#running = null;
      }
      if (!this.#stopped) {
        this.#timer = setTimeout(() => void tick(), this.#o.pollMs);
        this.#timer.unref();
      }
    };
    void tick();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    await this.#running;
  }
}
