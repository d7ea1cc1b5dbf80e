import type { Kysely } from 'kysely';
import { schemaHelpers, type Migration } from '../columns.ts';
import type { Dialect } from '../database.ts';

/**
 * Notification preferences and the e-mail digest (issue 38 part 4, docs/notifications.md):
 * - `notification_settings`: the company's defaults, one row once saved (none: the built-in ones);
 * - `notification_preferences`: a user's own choices in their company (a kind absent from `kinds`
 *   and a null `digest` follow the company);
 * - `notification_digest_items`: what waits for a user's next daily digest, deleted when sent;
 * - `notification_digests`: one row per user and due time sent, unique: a digest is claimed by
 *   inserting it, so two workers (or a restart) never send the same due time twice.
 */
export const notificationPreferences: Migration = {
  name: '0050_notification_preferences',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    const h = schemaHelpers(dialect);
    await db.schema
      .createTable('notification_settings')
      .addColumn('company_id', 'integer', (c) =>
        c.primaryKey().references('companies.id').onDelete('cascade'),
      )
      /** JSON object: kind → { in_app, email }. */
      .addColumn('kinds', 'text', (c) => c.notNull())
      .addColumn('digest', 'varchar(16)', (c) => c.notNull())
      .addColumn('digest_hour', 'integer', (c) => c.notNull())
      .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('updated_at', h.timestamp, (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('notification_preferences')
      .addColumn('company_id', 'integer', (c) =>
        c.notNull().references('companies.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      /** JSON object: kind → { in_app, email }, only the kinds the user chose for. */
      .addColumn('kinds', 'text', (c) => c.notNull())
      /** null: the company's digest and hour. */
      .addColumn('digest', 'varchar(16)')
      .addColumn('digest_hour', 'integer')
      .addColumn('updated_at', h.timestamp, (c) => c.notNull())
      .addPrimaryKeyConstraint('notification_preferences_pk', ['company_id', 'user_id'])
      .execute();
    await h
      .id(db.schema.createTable('notification_digest_items'))
      .addColumn('company_id', 'integer', (c) =>
        c.notNull().references('companies.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      /** The notification's data (spec 3), as JSON text. */
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('created_at', h.timestamp, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('notification_digest_items_user_idx')
      .on('notification_digest_items')
      .columns(['company_id', 'user_id', 'created_at'])
      .execute();
    await h
      .id(db.schema.createTable('notification_digests'))
      .addColumn('company_id', 'integer', (c) =>
        c.notNull().references('companies.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      /** The due time this digest was sent for (the user's hour, on the company's clock). */
      .addColumn('due_at', h.timestamp, (c) => c.notNull())
      .addColumn('items', 'integer', (c) => c.notNull())
      .addColumn('created_at', h.timestamp, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('notification_digests_due_idx')
      .on('notification_digests')
      .columns(['company_id', 'user_id', 'due_at'])
      .unique()
      .execute();
    await db.schema
      .createIndex('notification_digests_created_idx')
      .on('notification_digests')
      .column('created_at')
      .execute();
  },
};
