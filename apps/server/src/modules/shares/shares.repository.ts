import type { Insertable, Kysely } from 'kysely';
import type { DB, SharesTable } from '../../platform/db/schema.ts';

export type Trx = Kysely<DB>;

const SHARE_COLUMNS = [
  'shares.id',
  'shares.company_id',
  'shares.applicant_id',
  'shares.application_id',
  'shares.offer_id',
  'shares.type',
  'shares.sections',
  'shares.recipients',
  'shares.expires_at',
  'shares.revoked_at',
  'shares.created_by',
  'shares.created_at',
  'users.firstname as creator_firstname',
  'users.lastname as creator_lastname',
] as const;

/** Shared links; every query by company, but the token lookup (the token is the key). */
export class SharesRepository {
  constructor(private readonly db: Kysely<DB>) {}

  transaction<T>(work: (trx: Trx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  async insert(values: Insertable<SharesTable>, db: Trx = this.db): Promise<number> {
    const row = await db
      .insertInto('shares')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  private select(db: Trx = this.db) {
    return db
      .selectFrom('shares')
      .leftJoin('users', 'users.id', 'shares.created_by')
      .select(SHARE_COLUMNS);
  }

  byIds(companyId: number, ids: number[]) {
    if (!ids.length) return Promise.resolve([]);
    return this.select()
      .where('shares.company_id', '=', companyId)
      .where('shares.id', 'in', ids)
      .orderBy('shares.id')
      .execute();
  }

  /**
   * The applicant's shares still open at `now` (its applications' too), newest first: every one
   * (issue 42, docs/lists.md: one applicant's own links, never cut at a count).
   */
  active(companyId: number, applicantId: number, now: string) {
    return this.select()
      .where('shares.company_id', '=', companyId)
      .where('shares.applicant_id', '=', applicantId)
      .where('shares.expires_at', '>', now)
      .where('shares.revoked_at', 'is', null)
      .orderBy('shares.created_at', 'desc')
      .orderBy('shares.id', 'desc')
      .execute();
  }

  /** Revokes a share that is still open; answers whether it did. */
  async revoke(
    companyId: number,
    id: number,
    userId: number,
    now: string,
    db: Trx = this.db,
  ): Promise<boolean> {
    const result = await db
      .updateTable('shares')
      .set({ revoked_at: now, revoked_by: userId })
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** The share a token opens, whatever its state (the service checks expiry and revocation). */
  byTokenHash(tokenHash: string) {
    return this.db
      .selectFrom('shares')
      .innerJoin('companies', 'companies.id', 'shares.company_id')
      .leftJoin('users', 'users.id', 'shares.created_by')
      .select([
        'shares.id',
        'shares.company_id',
        'shares.applicant_id',
        'shares.application_id',
        'shares.offer_id',
        'shares.type',
        'shares.sections',
        'shares.expires_at',
        'shares.revoked_at',
        'companies.social_reason as company',
        'users.firstname as sender_firstname',
        'users.lastname as sender_lastname',
      ])
      .where('shares.token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  /** The company's name, as its e-mails sign. */
  async companyName(companyId: number): Promise<string> {
    const row = await this.db
      .selectFrom('companies')
      .select('social_reason')
      .where('id', '=', companyId)
      .executeTakeFirst();
    return row?.social_reason ?? '';
  }

  /** Who sends a transfer (the signed-in user, whichever company they act in), and their language. */
  sender(userId: number) {
    return this.db
      .selectFrom('users')
      .select(['firstname', 'lastname', 'email', 'language'])
      .where('id', '=', userId)
      .executeTakeFirst();
  }
}

export type ShareRow = Awaited<ReturnType<SharesRepository['byIds']>>[number];
export type TokenShareRow = NonNullable<Awaited<ReturnType<SharesRepository['byTokenHash']>>>;
