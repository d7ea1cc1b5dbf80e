import { sql, type Kysely } from 'kysely';
import { schemaHelpers, type Migration } from '../columns.ts';
import type { Dialect } from '../database.ts';

/**
 * Notifications (issue 13 part 1): one row per recipient, its data as JSON text (spec 3). The
 * unread count is counted from the rows, so it is exact whatever runs at the same time: a partial
 * index holds only the unread rows of each user, and the newest-first list reads another index.
 */
export const notifications: Migration = {
  name: '0012_notifications',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    const h = schemaHelpers(dialect);
    await h
      .id(db.schema.createTable('notifications'))
      .addColumn('company_id', 'integer', (c) =>
        c.notNull().references('companies.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('read_at', h.timestamp)
      .addColumn('created_at', h.timestamp, (c) => c.notNull())
      .execute();
    // A user's list, newest first (ids grow with time).
    await db.schema
      .createIndex('notifications_user_idx')
      .on('notifications')
      .columns(['user_id', 'company_id', 'id'])
      .execute();
    // The unread ones only: the count and the unread tab read this small index.
    await db.schema
      .createIndex('notifications_unread_idx')
      .on('notifications')
      .columns(['user_id', 'company_id', 'id'])
      .where(sql.ref('read_at'), 'is', null)
      .execute();
  },
};
