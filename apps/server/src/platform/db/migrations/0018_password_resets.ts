import type { Kysely } from 'kysely';
import { schemaHelpers, type Migration } from '../columns.ts';
import type { Dialect } from '../database.ts';

/**
 * Password reset links (issue 16 item 1). A row per link sent: only the SHA-256 of its 256-bit
 * token is kept, it opens for one hour and once (`used_at`); a used link ends the user's other
 * links. `requested_ip` is the address that asked for it (support, abuse reports).
 */
export const passwordResets: Migration = {
  name: '0018_password_resets',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    const h = schemaHelpers(dialect);
    const ts = h.timestamp;

    await h
      .id(db.schema.createTable('password_resets'))
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('expires_at', ts, (c) => c.notNull())
      .addColumn('used_at', ts)
      .addColumn('requested_ip', 'varchar(64)')
      .addUniqueConstraint('password_resets_token_hash_unique', ['token_hash'])
      .execute();
    // A user's open links, ended together when one is used.
    await db.schema
      .createIndex('password_resets_user_idx')
      .on('password_resets')
      .column('user_id')
      .execute();
  },
};
