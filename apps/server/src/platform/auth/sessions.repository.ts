import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

export type SessionRow = {
  id: string;
  user_id: number;
  two_factor_pending: boolean;
  acting_company_id: number | null;
  acting_user_id: number | null;
  acting_role_id: number | null;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
};

/** Server-side sessions; the primary key is the hash of the cookie's token. */
export class SessionsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async insert(row: {
    id: string;
    user_id: number;
    two_factor_pending: boolean;
    ip: string | null;
    user_agent: string | null;
    created_at: string;
    last_seen_at: string;
    expires_at: string;
    acting_company_id?: number | null;
    acting_role_id?: number | null;
    acting_user_id?: number | null;
  }): Promise<void> {
    await this.db.insertInto('sessions').values(row).execute();
  }

  async find(id: string): Promise<SessionRow | undefined> {
    const row = await this.db
      .selectFrom('sessions')
      .select([
        'id',
        'user_id',
        'two_factor_pending',
        'acting_company_id',
        'acting_user_id',
        'acting_role_id',
        'created_at',
        'last_seen_at',
        'expires_at',
      ])
      .where('id', '=', id)
      .executeTakeFirst();
    return row && { ...row, two_factor_pending: Boolean(row.two_factor_pending) };
  }

  async touch(id: string, at: string): Promise<void> {
    await this.db.updateTable('sessions').set({ last_seen_at: at }).where('id', '=', id).execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('id', '=', id).execute();
  }

  /** Deletes the user's sessions but `keepId`; answers the ids deleted (their streams end). */
  async deleteOthersOfUser(userId: number, keepId: string): Promise<string[]> {
    const rows = await this.db
      .deleteFrom('sessions')
      .where('user_id', '=', userId)
      .where('id', '!=', keepId)
      .returning('id')
      .execute();
    return rows.map((r) => r.id);
  }

  async deleteExpired(now: string, idleBefore: string): Promise<void> {
    await this.db
      .deleteFrom('sessions')
      .where((eb) => eb.or([eb('expires_at', '<', now), eb('last_seen_at', '<', idleBefore)]))
      .execute();
  }
}
