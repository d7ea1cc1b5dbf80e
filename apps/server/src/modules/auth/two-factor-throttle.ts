import type { Config } from '../../platform/config/config.ts';
import {
  AttemptLimiter,
  type AttemptBackend,
  type TakenAttempt,
} from '../../platform/http/attempt-limiter.ts';
import { HttpError } from '../../platform/http/http-error.ts';

/** The attempt a second-factor code counted: on the account, and on its pending sign-in. */
export type TwoFactorAttempt = { account: TakenAttempt; challenge: TakenAttempt };

/** What a wrong code used up. */
export type TwoFactorFailure = {
  /** The pending sign-in has had its tries: it is void, the password is asked again. */
  challengeSpent: boolean;
  /** The account reached its limit in this window: its owner is told (`claimAlert`). */
  accountLocked: boolean;
};

/**
 * Limits the codes (TOTP or recovery) tried after a correct password, shared by every instance:
 * `maxPerChallenge` per pending sign-in, which is void once they are used, and `maxPerAccount` per
 * account and window across pending sign-ins (then 429 with Retry-After until the window ends).
 * Each attempt is counted BEFORE its code is checked; a right code gives its attempt back.
 */
export class TwoFactorThrottle {
  private readonly limiter: AttemptLimiter;

  constructor(
    attempts: AttemptBackend,
    private readonly limits: Config['twoFactor'],
    now?: () => number,
  ) {
    this.limiter = new AttemptLimiter(attempts, limits.windowMinutes, now);
  }

  /**
   * Counts one attempt on the account (429 past its limit) and on the pending sign-in `challengeId`;
   * null when that sign-in has had its tries already (nothing stays counted on the account).
   */
  async take(challengeId: string, userId: number): Promise<TwoFactorAttempt | null> {
    const [account] = await this.limiter.take([
      { key: accountKey(userId), limit: this.limits.maxPerAccount },
    ]);
    try {
      const [challenge] = await this.limiter.take([
        { key: challengeKey(challengeId), limit: this.limits.maxPerChallenge },
      ]);
      return { account: account!, challenge: challenge! };
    } catch (err) {
      await this.limiter.giveBack(account!.key, account!.windowStart);
      if (err instanceof HttpError && err.statusCode === 429) return null;
      throw err;
    }
  }

  /** A wrong code: it stays counted; what it used up. */
  failed(attempt: TwoFactorAttempt): TwoFactorFailure {
    return {
      challengeSpent: attempt.challenge.count >= this.limits.maxPerChallenge,
      accountLocked: attempt.account.count >= this.limits.maxPerAccount,
    };
  }

  /** A right code: the account gets its attempt back, the (closed) pending sign-in is forgotten. */
  async succeeded(attempt: TwoFactorAttempt): Promise<void> {
    await this.limiter.giveBack(attempt.account.key, attempt.account.windowStart);
    await this.limiter.reset(attempt.challenge.key);
  }

  /** Whether this is the window's first alert to the account's owner (at most one per window). */
  async claimAlert(userId: number): Promise<boolean> {
    try {
      await this.limiter.take([{ key: `2fa:alert:${userId}`, limit: 1 }]);
      return true;
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 429) return false;
      throw err;
    }
  }
}

const accountKey = (userId: number) => `2fa:user:${userId}`;
const challengeKey = (sessionId: string) => `2fa:challenge:${sessionId}`;
