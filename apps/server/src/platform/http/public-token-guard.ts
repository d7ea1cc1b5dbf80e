import type { Config } from '../config/config.ts';
import { AttemptLimiter, type AttemptBackend } from './attempt-limiter.ts';
import { notFound } from './http-error.ts';

/**
 * Guards the anonymous pages whose URL holds a secret token (document upload links, shared links):
 * every lookup counts against the client address BEFORE the token is looked up, so that parallel
 * guesses cannot outrun the limit. A token that opens something gives its attempt back; an unknown
 * or expired one keeps it. Past `PUBLIC_TOKEN_MAX_PER_IP` misses in the window the address gets 429
 * with Retry-After, whatever the token.
 */
export class PublicTokenGuard {
  private readonly limiter: AttemptLimiter;

  constructor(
    attempts: AttemptBackend,
    private readonly limits: Config['publicToken'],
    now?: () => number,
  ) {
    this.limiter = new AttemptLimiter(attempts, limits.windowMinutes, now);
  }

  /**
   * What `lookup` finds for the token, counted against `ip`. Nothing found (undefined or null)
   * answers 404 `not_found` as `what`; an error of `lookup` propagates. Either way the attempt stays
   * counted.
   */
  async open<T>(
    ip: string | undefined,
    lookup: () => Promise<T | null | undefined>,
    what = 'Resource',
  ): Promise<T> {
    const key = `token:ip:${ip ?? 'unknown'}`;
    const [attempt] = await this.limiter.take([{ key, limit: this.limits.maxPerIp }]);
    const found = await lookup();
    if (found === undefined || found === null) throw notFound(what);
    await this.limiter.giveBack(key, attempt!.windowStart);
    return found;
  }
}
