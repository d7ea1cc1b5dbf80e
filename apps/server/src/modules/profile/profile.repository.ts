import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';

/** The signed-in user's own record; every query is keyed by user id and company id. */
export class ProfileRepository {
  constructor(private readonly db: Kysely<DB>) {}

  find(companyId: number, userId: number) {
    return this.db
      .selectFrom('users')
      .select([
        'id',
        'firstname',
        'lastname',
        'email',
        'img_src',
        'password_hash',
        'totp_secret',
        'totp_enabled',
        'language',
      ])
      .where('company_id', '=', companyId)
      .where('id', '=', userId)
      .executeTakeFirst();
  }

  async emailTaken(companyId: number, email: string, exceptUserId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('users')
      .select('id')
      .where('company_id', '=', companyId)
      .where('email', '=', email)
      .where('id', '!=', exceptUserId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async update(
    companyId: number,
    userId: number,
    values: Partial<{
      firstname: string;
      lastname: string;
      email: string;
      img_src: string | null;
      password_hash: string;
      language: string;
      time_zone: string | null;
      totp_secret: string | null;
      totp_enabled: boolean;
      totp_last_used_step: number | null;
    }>,
  ): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ ...values, updated_at: new Date().toISOString() })
      .where('company_id', '=', companyId)
      .where('id', '=', userId)
      .execute();
  }

  /** Replaces the user's recovery codes in one transaction. */
  async replaceRecoveryCodes(userId: number, hashes: string[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
      if (hashes.length) {
        await trx
          .insertInto('user_recovery_codes')
          .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null })))
          .execute();
      }
    });
  }
}
