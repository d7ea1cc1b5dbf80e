import type { Kysely } from 'kysely';
import { schemaHelpers, type Migration } from '../columns.ts';
import type { Dialect } from '../database.ts';

/**
 * Planner (issue 39): each user's private ICS feed (the SHA-256 of its secret, one per user,
 * replaced when renewed, deleted when revoked) and the reminders sent (one row per appointment
 * and start time: the claim that makes a reminder go once, across workers and restarts; a moved
 * appointment is reminded again for its new time).
 */
export const plannerFeeds: Migration = {
  name: '0054_planner_feeds',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    const h = schemaHelpers(dialect);
    await db.schema
      .createTable('planner_feeds')
      .addColumn('user_id', 'integer', (c) =>
        c.primaryKey().references('users.id').onDelete('cascade'),
      )
      .addColumn('company_id', 'integer', (c) =>
        c.notNull().references('companies.id').onDelete('cascade'),
      )
      .addColumn('secret_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('created_at', h.timestamp, (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('appointment_reminders')
      .addColumn('appointment_id', 'integer', (c) =>
        c.notNull().references('appointments.id').onDelete('cascade'),
      )
      .addColumn('start_at', h.timestamp, (c) => c.notNull())
      .addColumn('sent_at', h.timestamp, (c) => c.notNull())
      .addPrimaryKeyConstraint('appointment_reminders_pk', ['appointment_id', 'start_at'])
      .execute();
  },
};
