import type { AttemptStore, TakenAttempt } from './attempt-limiter.ts';

/** Keys kept at most; past it, stale windows go first, then the oldest keys. */
const MAX_KEYS = 50_000;

/**
 * Attempts counted in this process only. For courtesy limits on public, read-only pages (the
 * career site's page views) when Redis is not configured: without Redis a deployment runs one
 * instance (docs/deployment.md), and a database write on every page view would cost more than
 * the page. Limits that must hold exactly across instances (sign-in, applications) never use it.
 */
export class MemoryAttemptStore implements AttemptStore {
  readonly #counts = new Map<string, { count: number; start: number; windowMs: number }>();

  constructor(private readonly maxKeys = MAX_KEYS) {}

  async hit(key: string, windowMs: number, now: number): Promise<TakenAttempt> {
    let entry = this.#counts.get(key);
    if (!entry || entry.start <= now - windowMs) {
      this.#counts.delete(key);
      if (this.#counts.size >= this.maxKeys) this.#evict(now);
      entry = { count: 0, start: now, windowMs };
      this.#counts.set(key, entry);
    }
    entry.count += 1;
    return { key, count: entry.count, windowStart: new Date(entry.start).toISOString() };
  }

  async giveBack(key: string, windowStart?: string): Promise<void> {
    const entry = this.#counts.get(key);
    if (!entry) return;
    if (windowStart !== undefined && new Date(entry.start).toISOString() !== windowStart) return;
    entry.count -= 1;
    if (entry.count <= 0) this.#counts.delete(key);
  }

  /** The count of `key`'s current window, if it has one (tests, diagnostics). */
  peek(key: string): number | undefined {
    return this.#counts.get(key)?.count;
  }

  async reset(key: string): Promise<void> {
    this.#counts.delete(key);
  }

  /** Stale windows first; then, while still full, the keys counted first (a Map keeps order). */
  #evict(now: number) {
    for (const [key, entry] of this.#counts)
      if (entry.start <= now - entry.windowMs) this.#counts.delete(key);
    for (const key of this.#counts.keys()) {
      if (this.#counts.size < this.maxKeys) break;
      this.#counts.delete(key);
    }
  }
}
