import type { Kysely } from 'kysely';
import {
  PASSWORD_INVITE_TTL_DAYS,
  PASSWORD_RESET_TTL_MINUTES,
  type TPasswordTokenResponse,
} from '@embauche/contracts/password-reset';
import { hashPassword } from '../../platform/auth/password.ts';
import type { SessionsService } from '../../platform/auth/sessions.service.ts';
import { randomToken, sha256 } from '../../platform/auth/tokens.ts';
import type { Config } from '../../platform/config/config.ts';
import type { DB } from '../../platform/db/schema.ts';
import { AttemptLimiter, type AttemptStore } from '../../platform/http/attempt-limiter.ts';
import { validationFailed } from '../../platform/http/http-error.ts';
import { enqueue } from '../../platform/jobs/jobs.ts';
import { mailLanguage } from '../../platform/mail/mail-language.ts';
import { queueMail, queueMails } from '../../platform/mail/mailer.ts';
import { passwordResetMail } from './password-reset-mail.ts';
import type {
  PasswordResetRepository,
  ResetCandidate,
  ResetRow,
} from './password-reset.repository.ts';

/** The job that looks the e-mail up and sends the links, apart from the request (see `request`). */
export const PASSWORD_RESET_JOB = 'password_reset.request';
export type PasswordResetJob = { email: string; ip: string | null };

const invalidToken = () =>
  validationFailed({ token: ['reset_token_invalid'] }, 'This reset link is no longer valid.');

export type PasswordResetOptions = {
  publicUrl: string;
  /** Requests per e-mail and per address in the window (the sign-in limits). */
  limits: Config['login'];
  /** Unknown tokens one address may try in the window (the public token pages' limit). */
  tokenLimits: Config['publicToken'];
  /** Where the attempts count (Redis when configured); unset: the database. */
  attempts?: AttemptStore;
  now?: () => number;
};

/**
 * Password reset by e-mail. Asking never tells whether the address is an account's: the request
 * only counts the attempt and queues a job (the same work, the same answer, about the same time,
 * whatever the address); the job finds the active accounts and mails each a link. A link's token
 * is 256 random bits of which only the SHA-256 is stored; it opens for an hour and once, and
 * using it ends the user's other links and every session of theirs.
 */
export class PasswordResetService {
  private readonly requests: AttemptLimiter;
  private readonly tokens: AttemptLimiter;
  private readonly now: () => number;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly repo: PasswordResetRepository,
    private readonly sessions: SessionsService,
    private readonly options: PasswordResetOptions,
  ) {
    this.now = options.now ?? (() => Date.now());
    const attempts = options.attempts ?? db;
    this.requests = new AttemptLimiter(attempts, options.limits.windowMinutes, this.now);
    this.tokens = new AttemptLimiter(attempts, options.tokenLimits.windowMinutes, this.now);
  }

  /** Counts the request (429 past the limits, whether or not the e-mail exists) and queues it. */
  async request(email: string, ip: string | null): Promise<void> {
    const normalised = email.trim().toLowerCase();
    await this.requests.take([
      { key: `reset:email:${normalised}`, limit: this.options.limits.maxPerEmail },
      { key: `reset:ip:${ip ?? 'unknown'}`, limit: this.options.limits.maxPerIp },
    ]);
    await enqueue(this.db, PASSWORD_RESET_JOB, {
      email: normalised,
      ip,
    } satisfies PasswordResetJob);
  }

  /** The job: one link per active account with the e-mail, each in its holder's language. */
  async sendLinks({ email, ip }: PasswordResetJob): Promise<void> {
    await this.repo.purgeExpired(new Date(this.now() - 86_400_000).toISOString());
    for (const user of await this.repo.activeUsersByEmail(email))
      await this.mailLink(user, PASSWORD_RESET_TTL_MINUTES * 60_000, ip, false);
  }

  /**
   * A user an administrator created has no password: they get a link that opens for a week to
   * choose one (the users module calls this after the creation).
   */
  async invite(user: { id: number; email: string }): Promise<void> {
    const account = (await this.repo.activeUsersByEmail(user.email)).find((u) => u.id === user.id);
    if (account) await this.mailLink(account, PASSWORD_INVITE_TTL_DAYS * 86_400_000, null, true);
  }

  /**
   * The invitations of many created users (a users import), written in the caller's transaction
   * so that they exist exactly when the users do: the links and the e-mails (outbox rows and send
   * jobs) inserted a few hundred per statement.
   */
  async inviteAll(trx: Kysely<DB>, users: { id: number }[]): Promise<void> {
    if (!users.length) return;
    const accounts = await this.repo.activeUsersByIds(
      trx,
      users.map((u) => u.id),
    );
    const now = this.now();
    const createdAt = new Date(now).toISOString();
    const expiresAt = new Date(now + PASSWORD_INVITE_TTL_DAYS * 86_400_000).toISOString();
    const links = accounts.map((user) => {
      const token = randomToken();
      return {
        row: {
          user_id: user.id,
          token_hash: sha256(token),
          created_at: createdAt,
          expires_at: expiresAt,
          requested_ip: null,
        },
        mail: {
          companyId: user.company_id,
          to: user.email,
          ...passwordResetMail({
            firstname: user.firstname,
            companyName: user.company_name,
            link: `${this.options.publicUrl}/reset-password?token=${token}`,
            language: mailLanguage(user.language),
            invitation: true,
          }),
        },
      };
    });
    await this.repo.insertMany(
      trx,
      links.map((l) => l.row),
    );
    await queueMails(
      trx,
      links.map((l) => l.mail),
    );
  }

  /** Stores a token for `ttlMs` and queues its e-mail, in one transaction. */
  private async mailLink(
    user: ResetCandidate,
    ttlMs: number,
    ip: string | null,
    invitation: boolean,
  ) {
    const now = this.now();
    const token = randomToken();
    const mail = passwordResetMail({
      firstname: user.firstname,
      companyName: user.company_name,
      link: `${this.options.publicUrl}/reset-password?token=${token}`,
      language: mailLanguage(user.language),
      invitation,
    });
    await this.db.transaction().execute(async (trx) => {
      await this.repo.insert(trx, {
        user_id: user.id,
        token_hash: sha256(token),
        created_at: new Date(now).toISOString(),
        expires_at: new Date(now + ttlMs).toISOString(),
        requested_ip: ip?.slice(0, 64) ?? null,
      });
      await queueMail(trx, { companyId: user.company_id, to: user.email, ...mail });
    });
  }

  /** Whether a link still opens (before its form is shown). */
  async check(token: string, ip: string | null): Promise<TPasswordTokenResponse> {
    const reset = await this.open(token, ip);
    return {
      email: reset.email,
      expires_at: reset.expires_at,
      first_password: reset.first_password,
    };
  }

  /** Sets the new password through a link, then ends the user's sessions and other links. */
  async reset(token: string, password: string, ip: string | null): Promise<void> {
    const reset = await this.open(token, ip);
    const hash = await hashPassword(password);
    const used = await this.repo.consume(reset, hash, new Date(this.now()).toISOString());
    // Used in the meantime by a parallel request, or expired while hashing.
    if (!used) throw invalidToken();
    // No session of the account survives: whoever knew the old password is signed out ('' keeps none).
    await this.sessions.closeOthers(reset.user_id, '');
  }

  /**
   * The live link behind a token, counted against the address before the look-up (as the public
   * token pages are): a link that opens gives its attempt back, an unknown, expired or used one
   * keeps it, and past the limit the address gets 429 whatever the token.
   */
  private async open(token: string, ip: string | null): Promise<ResetRow> {
    const key = `token:ip:${ip ?? 'unknown'}`;
    const [attempt] = await this.tokens.take([{ key, limit: this.options.tokenLimits.maxPerIp }]);
    const reset = await this.repo.findByHash(sha256(token));
    if (!reset || reset.used_at !== null || Date.parse(reset.expires_at) <= this.now()) {
      throw invalidToken();
    }
    await this.tokens.giveBack(key, attempt!.windowStart);
    return reset;
  }
}
