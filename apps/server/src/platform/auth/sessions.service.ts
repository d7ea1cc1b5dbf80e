import type { Config } from '../config/config.ts';
import { randomToken, sha256 } from './tokens.ts';
import type { SessionRow, SessionsRepository } from './sessions.repository.ts';

/** A half-open session waiting for the second factor lives this long. */
const TWO_FACTOR_WINDOW_MS = 5 * 60_000;
/** `last_seen_at` is written at most this often, not on every request. */
const TOUCH_EVERY_MS = 60_000;

export type ClientInfo = { ip: string | null; userAgent: string | null };

/**
 * Sessions expire after `SESSION_IDLE_TIMEOUT_MINUTES` without a request and in any case
 * `SESSION_ABSOLUTE_TIMEOUT_HOURS` after sign-in. Each sign-in step makes a new id.
 */
export class SessionsService {
  constructor(
    private readonly repo: SessionsRepository,
    private readonly config: Pick<Config, 'sessionIdleMinutes' | 'sessionAbsoluteHours'>,
  ) {}

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

  /** The live session behind a cookie token, or undefined when unknown or expired. */
  async resolve(token: string): Promise<SessionRow | undefined> {
    const id = sha256(token);
    const session = await this.repo.find(id);
    if (!session) return undefined;
    const now = Date.now();
    const idleLimit = Date.parse(session.last_seen_at) + this.config.sessionIdleMinutes * 60_000;
    if (Date.parse(session.expires_at) <= now || idleLimit <= now) {
      await this.repo.delete(id);
      return undefined;
    }
    if (now - Date.parse(session.last_seen_at) > TOUCH_EVERY_MS) {
      await this.repo.touch(id, new Date(now).toISOString());
    }
    return session;
  }

  async close(token: string): Promise<void> {
    await this.repo.delete(sha256(token));
  }

  async closeById(id: string): Promise<void> {
    await this.repo.delete(id);
  }

  closeOthers(userId: number, keepId: string): Promise<number> {
    return this.repo.deleteOthersOfUser(userId, keepId);
  }

  async purgeExpired(): Promise<void> {
    const now = Date.now();
    await this.repo.deleteExpired(
      new Date(now).toISOString(),
      new Date(now - this.config.sessionIdleMinutes * 60_000).toISOString(),
    );
  }
}
