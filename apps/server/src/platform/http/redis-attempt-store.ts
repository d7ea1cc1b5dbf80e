import { Redis } from 'ioredis';
import type { AttemptStore, TakenAttempt } from './attempt-limiter.ts';

/**
 * Counts one attempt: a hash {c: count, s: window start in ms}. A missing or stale window
 * (started at or before now - window) starts at 1 and expires with its window.
 * KEYS[1] the key; ARGV[1] now (ms), ARGV[2] the window (ms). Answers {count, start}.
 */
const HIT = `
local s = tonumber(redis.call('HGET', KEYS[1], 's'))
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
if (not s) or s <= now - window then
  redis.call('HSET', KEYS[1], 'c', 1, 's', ARGV[1])
  redis.call('PEXPIRE', KEYS[1], window)
  return {1, ARGV[1]}
end
local c = redis.call('HINCRBY', KEYS[1], 'c', 1)
return {c, tostring(s)}`;

/**
 * Uncounts one attempt, only in the window that starts at ARGV[1] when it is not empty; a key at
 * zero is deleted.
 */
const GIVE_BACK = `
local s = redis.call('HGET', KEYS[1], 's')
if not s then return 0 end
if ARGV[1] ~= '' and tonumber(s) ~= tonumber(ARGV[1]) then return 0 end
local c = tonumber(redis.call('HGET', KEYS[1], 'c') or '0')
if c <= 1 then redis.call('DEL', KEYS[1]) return 0 end
return redis.call('HINCRBY', KEYS[1], 'c', -1)`;

type Scripted = Redis & {
  attemptHit(key: string, now: number, windowMs: number): Promise<[number, string]>;
  attemptGiveBack(key: string, windowStartMs: string): Promise<number>;
};

/**
 * The attempts in Redis (`REDIS_URL`), under `ATTEMPTS_REDIS_PREFIX`: instances sharing Redis and
 * the prefix share the counts. Each count is one Lua script, atomic like the database's upsert.
 * When Redis cannot be reached, counting fails and so does the request (never an unlimited try).
 */
export class RedisAttemptStore implements AttemptStore {
  readonly #redis: Scripted;

  constructor(
    url: string,
    private readonly prefix: string,
    log?: { warn(obj: object, msg: string): void },
  ) {
    this.#redis = new Redis(url, {
      maxRetriesPerRequest: 3,
      lazyConnect: true,
      connectionName: 'embauche-attempts',
    }) as Scripted;
    this.#redis.on('error', (err: Error) => log?.warn({ err }, 'Redis attempt store'));
    this.#redis.defineCommand('attemptHit', { numberOfKeys: 1, lua: HIT });
    this.#redis.defineCommand('attemptGiveBack', { numberOfKeys: 1, lua: GIVE_BACK });
  }

  async hit(key: string, windowMs: number, now: number): Promise<TakenAttempt> {
    const [count, start] = await this.#redis.attemptHit(this.prefix + key, now, windowMs);
    return { key, count: Number(count), windowStart: new Date(Number(start)).toISOString() };
  }

  async giveBack(key: string, windowStart?: string): Promise<void> {
    const start = windowStart === undefined ? '' : String(Date.parse(windowStart));
    await this.#redis.attemptGiveBack(this.prefix + key, start);
  }

  async reset(key: string): Promise<void> {
    await this.#redis.del(this.prefix + key);
  }

  async close(): Promise<void> {
    if (this.#redis.status === 'wait' || this.#redis.status === 'end') {
      this.#redis.disconnect();
      return;
    }
    await this.#redis.quit().catch(() => this.#redis.disconnect());
  }
}
