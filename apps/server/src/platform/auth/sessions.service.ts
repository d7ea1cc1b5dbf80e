import type { Config } from '../config/config.ts';
import { randomToken, sha256 } from './tokens.ts';
import type { SessionRow, SessionsRepository } from './sessions.repository.ts';

/** A half-open session waiting for the second factor lives this long. */
const TWO_FACTOR_WINDOW_MS = 5 * 60_000;
/** `last_seen_at` is written at most this often, not on every request. */
const TOUCH_EVERY_MS = 60_000;
/**
 * A session row read from the database is reused this long: one query less on every request.
 * Closing a session (logout, "invalidate other sessions", a second sign-in step) forgets it at
 * once on this instance; another instance may accept it until its own copy is this old
 * (docs/security.md "Sessions and sign-in"), unless the live hub's session-end signal
 * (modules/hub, through Redis) reaches it first. The account itself (active, role,
 * permissions) is read on every request.
 */
export const SESSION_CACHE_MS = 5_000;
const SESSION_CACHE_MAX = 10_000;
/** The worker's recurring task that deletes expired sessions (one turn across instances). */
export const SESSION_PURGE_TASK = 'session-purge';
export const SESSION_PURGE_EVERY_MS = 15 * 60_000;

export type ClientInfo = { ip: string | null; userAgent: string | null };

/**
 * Sessions that ended: by id (sign-out, revocation, "sign out other sessions", a sign-in step or
 * an acting-as switch replacing one, expiry seen on use), or every one of a user (deactivation).
 */
export type SessionEnd = { sessionIds: readonly string[] } | { userId: number };

/** Whom a session acts as; all null: the person themselves. */
export type ActingFields = {
  companyId: number | null;
  roleId: number | null;
  userId: number | null;
};

/**
 * Sessions expire after `SESSION_IDLE_TIMEOUT_MINUTES` without a request and in any case
 * `SESSION_ABSOLUTE_TIMEOUT_HOURS` after sign-in. Each sign-in step makes a new id.
 */
export class SessionsService {
  /** Session rows by id (the token's hash), with when they were read. */
  readonly #cache = new Map<string, { session: SessionRow; readAt: number }>();
  /** Told of every session this instance ends (the live hub ends its streams, everywhere). */
  readonly #endListeners = new Set<(end: SessionEnd) => void>();

  constructor(
    private readonly repo: SessionsRepository,
    private readonly config: Pick<Config, 'sessionIdleMinutes' | 'sessionAbsoluteHours'>,
    private readonly cacheMs = SESSION_CACHE_MS,
  ) {}

  private async find(id: string, now: number): Promise<SessionRow | undefined> {
    const cached = this.#cache.get(id);
    if (cached && now - cached.readAt < this.cacheMs) return cached.session;
    const session = await this.repo.find(id);
    this.#cache.delete(id);
    if (session && this.cacheMs > 0) {
      // Oldest first in a Map: past the cap, the first entry goes.
      if (this.#cache.size >= SESSION_CACHE_MAX)
        this.#cache.delete(this.#cache.keys().next().value!);
      this.#cache.set(id, { session, readAt: now });
    }
    return session;
  }

  /** Calls `listener` after each session end of this instance; answers the unsubscribe. */
  onEnd(listener: (end: SessionEnd) => void): () => void {
    this.#endListeners.add(listener);
    return () => this.#endListeners.delete(listener);
  }

  private ended(end: SessionEnd): void {
    if ('sessionIds' in end && end.sessionIds.length === 0) return;
    for (const listener of this.#endListeners) listener(end);
  }

  /**
   * Forgets sessions another instance ended (the hub's signal): this instance's copy must not
   * keep them alive for the cache's few seconds.
   */
  forgetEnded(end: SessionEnd): void {
    if ('userId' in end) this.forget({ userId: end.userId });
    else for (const id of end.sessionIds) this.forget({ id });
  }

  /** Forgets cached sessions: one by id, or every one of a user but `keepId`. */
  private forget(filter: { id: string } | { userId: number; keepId?: string }) {
    if ('id' in filter) {
      this.#cache.delete(filter.id);
      return;
    }
    for (const [id, entry] of this.#cache) {
      if (entry.session.user_id === filter.userId && id !== filter.keepId) this.#cache.delete(id);
    }
  }

  /**
   * Drops every cached session of the user (their account changed: deactivated, deleted…), whose
   * rows the caller deleted: their live streams end.
   */
  forgetUser(userId: number): void {
    this.forget({ userId });
    this.ended({ userId });
  }

  /** Opens a session and answers the cookie's token; only its hash is stored. */
  async open(userId: number, client: ClientInfo, twoFactorPending = false): Promise<string> {
    const token = randomToken();
    const now = Date.now();
    const ttl = twoFactorPending
      ? TWO_FACTOR_WINDOW_MS
      : this.config.sessionAbsoluteHours * 3_600_000;
    await this.repo.insert({
      id: sha256(token),
      user_id: userId,
      two_factor_pending: twoFactorPending,
      ip: client.ip,
      user_agent: client.userAgent?.slice(0, 512) ?? null,
      created_at: new Date(now).toISOString(),
      last_seen_at: new Date(now).toISOString(),
      expires_at: new Date(now + ttl).toISOString(),
    });
    return token;
  }

  /**
   * Acting as someone (issue 16 item 3) changes the session id: a new session of the same person
   * carrying what `acting` names (nothing: their own company and user), ending when the replaced
   * one would have ended; the replaced one is closed and forgotten here at once. Answers the new
   * cookie's token.
   */
  async replace(oldId: string, client: ClientInfo, acting: ActingFields): Promise<string> {
    const old = await this.repo.find(oldId);
    if (!old) throw new Error('The session to replace is gone.');
    const token = randomToken();
    const now = new Date().toISOString();
    await this.repo.insert({
      id: sha256(token),
      user_id: old.user_id,
      two_factor_pending: false,
      ip: client.ip,
      user_agent: client.userAgent?.slice(0, 512) ?? null,
      created_at: now,
      last_seen_at: now,
      expires_at: old.expires_at,
      acting_company_id: acting.companyId,
      acting_role_id: acting.roleId,
      acting_user_id: acting.userId,
    });
    await this.closeById(old.id);
    return token;
  }

  /**
   * The live session behind a cookie token, or undefined when unknown or expired. `touch: false`
   * leaves its idle time running (the live hub's token renewal is no sign of activity).
   */
  async resolve(token: string, { touch = true } = {}): Promise<SessionRow | undefined> {
    const id = sha256(token);
    const now = Date.now();
    const session = await this.findLive(id, now);
    if (!session) return undefined;
    if (touch && now - Date.parse(session.last_seen_at) > TOUCH_EVERY_MS) {
      const at = new Date(now).toISOString();
      await this.repo.touch(id, at);
      session.last_seen_at = at;
    }
    return session;
  }

  /**
   * The live session of this id (the live hub's check of a token's `sid`), without touching it;
   * an expired one is closed. Cached like every lookup.
   */
  async findLive(id: string, now = Date.now()): Promise<SessionRow | undefined> {
    const session = await this.find(id, now);
    if (!session) return undefined;
    const idleLimit = Date.parse(session.last_seen_at) + this.config.sessionIdleMinutes * 60_000;
    if (Date.parse(session.expires_at) <= now || idleLimit <= now) {
      await this.closeById(id);
      return undefined;
    }
    return session;
  }

  async close(token: string): Promise<void> {
    await this.closeById(sha256(token));
  }

  async closeById(id: string): Promise<void> {
    this.forget({ id });
    await this.repo.delete(id);
    this.ended({ sessionIds: [id] });
  }

  /** Closes every session of the user but `keepId` ('' : all of them); answers how many. */
  async closeOthers(userId: number, keepId: string): Promise<number> {
    this.forget({ userId, keepId });
    const ids = await this.repo.deleteOthersOfUser(userId, keepId);
    this.ended({ sessionIds: ids });
    return ids.length;
  }

  async purgeExpired(): Promise<void> {
    const now = Date.now();
    await this.repo.deleteExpired(
      new Date(now).toISOString(),
      new Date(now - this.config.sessionIdleMinutes * 60_000).toISOString(),
    );
  }
}
