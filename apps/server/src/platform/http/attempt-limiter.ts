import { Kysely } from 'kysely';
import type { Config } from '../config/config.ts';
import type { DB } from '../db/schema.ts';
import { tooManyRequests } from './http-error.ts';
import { RedisAttemptStore } from './redis-attempt-store.ts';

declare module '../modules/app-module.ts' {
  interface ProvidedServices {
    /** Where every limiter counts (app.ts): Redis when REDIS_URL is set, else the database. */
    attempts: AttemptStore;
  }
}

export type AttemptEntry = { key: string; limit: number };
/** An attempt counted by `take`: the count it reached and the window it was counted in. */
export type TakenAttempt = { key: string; count: number; windowStart: string };

/**
 * Where attempts are counted: the database (`login_attempts`, DbAttemptStore) or Redis when
 * REDIS_URL is configured (RedisAttemptStore). Either way every server instance shares the counts.
 */
export interface AttemptStore {
  /** Counts one attempt atomically: a new or stale window (older than `windowMs`) starts at 1. */
  hit(key: string, windowMs: number, now: number): Promise<TakenAttempt>;
  /** Uncounts one attempt (only in the window `windowStart` when given); a key at zero goes. */
  giveBack(key: string, windowStart?: string): Promise<void>;
  /** Forgets every attempt on `key`. */
  reset(key: string): Promise<void>;
}

/** A store, or the database whose `login_attempts` table is the store (existing callers). */
export type AttemptBackend = AttemptStore | Kysely<DB>;

export function attemptStoreOf(backend: AttemptBackend): AttemptStore {
  return backend instanceof Kysely ? new DbAttemptStore(backend) : backend;
}

/**
 * The store of the limits that must hold across instances: Redis when `REDIS_URL` is configured
 * (under `ATTEMPTS_REDIS_PREFIX`), else the database. `close` ends the Redis connection.
 */
export function createAttemptStore(
  config: Pick<Config, 'redisUrl' | 'attemptsRedisPrefix'>,
  db: Kysely<DB>,
  log?: { warn(obj: object, msg: string): void },
): AttemptStore & { close(): Promise<void> } {
  if (config.redisUrl)
    return new RedisAttemptStore(config.redisUrl, config.attemptsRedisPrefix, log);
  const store = new DbAttemptStore(db);
  return Object.assign(store, { close: async () => {} });
}

/**
 * Counts attempts per key in a fixed window, in a store that every server instance shares (the
 * `login_attempts` table, or Redis when configured: platform/http/redis-attempt-store.ts). `take`
 * counts an attempt atomically (one upsert per key, which the store serialises) BEFORE the caller
 * does the slow or guessable work, so parallel requests cannot all slip under the limit: of N
 * parallel attempts at most `limit` get through.
 *
 * An attempt refused by one key is counted on none (it did no work), so a locked e-mail does not
 * use up its address's budget. The caller gives back an attempt that should not count (a successful
 * sign-in, a valid token) with `giveBack`, or forgets a key with `reset`.
 */
export class AttemptLimiter {
  private readonly windowMs: number;
  private readonly store: AttemptStore;

  constructor(
    backend: AttemptBackend,
    windowMinutes: number,
    private readonly now: () => number = Date.now,
  ) {
    this.windowMs = windowMinutes * 60_000;
    this.store = attemptStoreOf(backend);
  }

  /**
   * Counts one attempt on every key, in order; past a key's limit, gives back what it counted and
   * throws 429 with Retry-After (the seconds until that key's window ends).
   */
  async take(entries: AttemptEntry[]): Promise<TakenAttempt[]> {
    const taken: TakenAttempt[] = [];
    for (const { key, limit } of entries) {
      const attempt = await this.store.hit(key, this.windowMs, this.now());
      taken.push(attempt);
      if (attempt.count > limit) {
        await Promise.all(taken.map((t) => this.giveBack(t.key, t.windowStart)));
        throw tooManyRequests(this.retryAfter(attempt));
      }
    }
    return taken;
  }

  /** The seconds until the window of `attempt` ends (at least 1). */
  retryAfter(attempt: TakenAttempt): number {
    const ends = Date.parse(attempt.windowStart) + this.windowMs;
    return Math.max(1, Math.ceil((ends - this.now()) / 1000));
  }

  /**
   * Uncounts one attempt on `key`. With `windowStart` (from `take`), only while that window lasts:
   * an attempt of a window that has since restarted is not taken off the new one. A key back at
   * zero is deleted, so that successful sign-ins and valid tokens leave no rows behind.
   */
  giveBack(key: string, windowStart?: string): Promise<void> {
    return this.store.giveBack(key, windowStart);
  }

  /** Forgets every attempt on `key`. */
  reset(key: string): Promise<void> {
    return this.store.reset(key);
  }
}

/** The attempts in the `login_attempts` table: shared by instances through the database. */
export class DbAttemptStore implements AttemptStore {
  constructor(private readonly db: Kysely<DB>) {}

  /** One atomic upsert: a new or stale window starts at 1, a current one counts up. */
  async hit(key: string, windowMs: number, now: number): Promise<TakenAttempt> {
    const start = new Date(now).toISOString();
    const staleBefore = new Date(now - windowMs).toISOString();
    const row = await this.db
      .insertInto('login_attempts')
      .values({ key, count: 1, window_start: start })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet((eb) => ({
          count: eb
            .case()
            .when('login_attempts.window_start', '<=', staleBefore)
            .then(1)
            .else(eb('login_attempts.count', '+', 1))
            .end(),
          window_start: eb
            .case()
            .when('login_attempts.window_start', '<=', staleBefore)
            .then(start)
            .else(eb.ref('login_attempts.window_start'))
            .end(),
        })),
      )
      .returning(['count', 'window_start'])
      .executeTakeFirstOrThrow();
    return { key, count: Number(row.count), windowStart: String(row.window_start) };
  }

  async giveBack(key: string, windowStart?: string): Promise<void> {
    let query = this.db
      .updateTable('login_attempts')
      .set((eb) => ({ count: eb('count', '-', 1) }))
      .where('key', '=', key)
      .where('count', '>', 0);
    if (windowStart !== undefined) query = query.where('window_start', '=', windowStart);
    await query.execute();
    // A take in between has counted up again and keeps its row.
    await this.db
      .deleteFrom('login_attempts')
      .where('key', '=', key)
      .where('count', '<=', 0)
      .execute();
  }

  async reset(key: string): Promise<void> {
    await this.db.deleteFrom('login_attempts').where('key', '=', key).execute();
  }
}
