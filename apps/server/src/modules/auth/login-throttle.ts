import type { Config } from '../../platform/config/config.ts';
import {
  AttemptLimiter,
  type AttemptBackend,
  type TakenAttempt,
} from '../../platform/http/attempt-limiter.ts';

/** The attempt a sign-in counted, to give back when it succeeds. */
export type LoginAttempt = { email: string; taken: TakenAttempt[] };

/**
 * Counts sign-ins per e-mail and per client address in a fixed window, shared by every server
 * instance. Each attempt is counted before its password is checked, so parallel guesses cannot
 * outrun the limit; past it the answer is 429 until the window ends, without checking anything.
 * A successful sign-in forgets its e-mail's failures and gives its address attempt back: an office
 * behind one address is only limited by its failures.
 */
export class LoginThrottle {
  private readonly limiter: AttemptLimiter;

  constructor(
    attempts: AttemptBackend,
    private readonly limits: Config['login'],
    now?: () => number,
  ) {
    this.limiter = new AttemptLimiter(attempts, limits.windowMinutes, now);
  }

  /** Counts one attempt for this e-mail and address; 429 past either limit. */
  async take(email: string, ip: string): Promise<LoginAttempt> {
    const taken = await this.limiter.take([
      { key: emailKey(email), limit: this.limits.maxPerEmail },
      { key: ipKey(ip), limit: this.limits.maxPerIp },
    ]);
    return { email, taken };
  }

  /** A successful sign-in: the e-mail starts afresh, the address gets its attempt back. */
  async succeeded(attempt: LoginAttempt): Promise<void> {
    await this.limiter.reset(emailKey(attempt.email));
    for (const t of attempt.taken) {
      if (t.key.startsWith('ip:')) await this.limiter.giveBack(t.key, t.windowStart);
    }
  }
}

const emailKey = (email: string) => `email:${email}`;
const ipKey = (ip: string) => `ip:${ip}`;
