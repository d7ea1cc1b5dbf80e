import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';

/** An active account a reset link may be sent to. */
export type ResetCandidate = {
  id: number;
  company_id: number;
  company_name: string;
  firstname: string;
  email: string;
  language: string;
};

/** A reset link's row, found by its token's hash. */
export type ResetRow = {
  id: number;
  user_id: number;
  email: string;
  expires_at: string;
  used_at: string | null;
  /** The account has no password yet: the link is an invitation (a created user's first one). */
  first_password: boolean;
};

type ResetInsert = {
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  requested_ip: string | null;
};

/** Rows per multi-row statement (5 columns a link). */
const BULK_ROWS = 500;

/** Reset links and the accounts they reset: the only SQL of the password reset. */
export class PasswordResetRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Every active account with this e-mail (one person may have one per company). */
  async activeUsersByEmail(email: string): Promise<ResetCandidate[]> {
    return this.db
      .selectFrom('users')
      .innerJoin('companies', 'companies.id', 'users.company_id')
      .select([
        'users.id',
        'users.company_id',
        'companies.social_reason as company_name',
        'users.firstname',
        'users.email',
        'users.language',
      ])
      .where('users.email', '=', email)
      .where('users.active', '=', true)
      .orderBy('users.id')
      .execute();
  }

  /** The active accounts among these ids, read in `trx` (an import's, which created them). */
  async activeUsersByIds(trx: Kysely<DB>, ids: number[]): Promise<ResetCandidate[]> {
    const found: ResetCandidate[] = [];
    for (let start = 0; start < ids.length; start += BULK_ROWS)
      found.push(
        ...(await trx
          .selectFrom('users')
          .innerJoin('companies', 'companies.id', 'users.company_id')
          .select([
            'users.id',
            'users.company_id',
            'companies.social_reason as company_name',
            'users.firstname',
            'users.email',
            'users.language',
          ])
          .where('users.id', 'in', ids.slice(start, start + BULK_ROWS))
          .where('users.active', '=', true)
          .orderBy('users.id')
          .execute()),
      );
    return found;
  }

  /** Many links in `trx`, a few hundred rows per statement. */
  async insertMany(trx: Kysely<DB>, rows: ResetInsert[]): Promise<void> {
    for (let start = 0; start < rows.length; start += BULK_ROWS)
      await trx
        .insertInto('password_resets')
        .values(rows.slice(start, start + BULK_ROWS))
        .execute();
  }

  async insert(
    trx: Kysely<DB>,
    row: {
      user_id: number;
      token_hash: string;
      created_at: string;
      expires_at: string;
      requested_ip: string | null;
    },
  ): Promise<void> {
    await trx.insertInto('password_resets').values(row).execute();
  }

  /** The link of an active account behind this hash, used or not, expired or not. */
  async findByHash(tokenHash: string): Promise<ResetRow | undefined> {
    const row = await this.db
      .selectFrom('password_resets')
      .innerJoin('users', 'users.id', 'password_resets.user_id')
      .select([
        'password_resets.id',
        'password_resets.user_id',
        'users.email',
        'password_resets.expires_at',
        'password_resets.used_at',
        'users.password_hash',
      ])
      .where('password_resets.token_hash', '=', tokenHash)
      .where('users.active', '=', true)
      .executeTakeFirst();
    if (!row) return undefined;
    const { password_hash, ...reset } = row;
    return {
      ...reset,
      first_password: password_hash === null,
      expires_at: new Date(row.expires_at).toISOString(),
      used_at: row.used_at === null ? null : new Date(row.used_at).toISOString(),
    };
  }

  /**
   * Uses the link and sets the password in one transaction: the link is claimed by a conditional
   * update (unused, unexpired), so of two parallel uses only one wins. Every other open link of
   * the user is ended with it. False when the link could not be claimed.
   */
  async consume(
    reset: { id: number; user_id: number },
    passwordHash: string,
    now: string,
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable('password_resets')
        .set({ used_at: now })
        .where('id', '=', reset.id)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return false;
      await trx
        .updateTable('password_resets')
        .set({ used_at: now })
        .where('user_id', '=', reset.user_id)
        .where('used_at', 'is', null)
        .execute();
      await trx
        .updateTable('users')
        .set({ password_hash: passwordHash, updated_at: now })
        .where('id', '=', reset.user_id)
        .execute();
      return true;
    });
  }

  /** Forgets links that expired more than a day ago (used ones included). */
  async purgeExpired(before: string): Promise<void> {
    await this.db.deleteFrom('password_resets').where('expires_at', '<', before).execute();
  }
}
