import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { tooManyRequests } from './http-error.ts';

export type AttemptEntry = { key: string; limit: number };
/** An attempt counted by `take`: the count it reached and the window it was counted in. */
export type TakenAttempt = { key: string; count: number; windowStart: string };

/**
 * Counts attempts per key in a fixed window, in the `login_attempts` table so that every server
 * instance shares the count. `take` counts an attempt atomically (one upsert per key, which the
 * database serialises) BEFORE the caller does the slow or guessable work, so parallel requests
 * cannot all slip under the limit: of N parallel attempts at most `limit` get through.
 *
 * An attempt refused by one key is counted on none (it did no work), so a locked e-mail does not
 * use up its address's budget. The caller gives back an attempt that should not count (a successful
 * sign-in, a valid token) with `giveBack`, or forgets a key with `reset`.
 */
export class AttemptLimiter {
  private readonly windowMs: number;

  constructor(
    private readonly db: Kysely<DB>,
    windowMinutes: number,
    private readonly now: () => number = Date.now,
  ) {
    this.windowMs = windowMinutes * 60_000;
  }

  /**
   * Counts one attempt on every key, in order; past a key's limit, gives back what it counted and
   * throws 429 with Retry-After (the seconds until that key's window ends).
   */
  async take(entries: AttemptEntry[]): Promise<TakenAttempt[]> {
    const taken: TakenAttempt[] = [];
    for (const { key, limit } of entries) {
      const attempt = await this.count(key);
      taken.push(attempt);
      if (attempt.count > limit) {
        await Promise.all(taken.map((t) => this.giveBack(t.key, t.windowStart)));
        const ends = Date.parse(attempt.windowStart) + this.windowMs;
        throw tooManyRequests(Math.max(1, Math.ceil((ends - this.now()) / 1000)));
      }
    }
    return taken;
  }

  /**
   * Uncounts one attempt on `key`. With `windowStart` (from `take`), only while that window lasts:
   * an attempt of a window that has since restarted is not taken off the new one. A key back at
   * zero is deleted, so that successful sign-ins and valid tokens leave no rows behind.
   */
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

  /** Forgets every attempt on `key`. */
  async reset(key: string): Promise<void> {
    await this.db.deleteFrom('login_attempts').where('key', '=', key).execute();
  }

  /** One atomic upsert: a new or stale window starts at 1, a current one counts up. */
  private async count(key: string): Promise<TakenAttempt> {
    const now = new Date(this.now());
    const start = now.toISOString();
    const staleBefore = new Date(now.getTime() - this.windowMs).toISOString();
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
}
