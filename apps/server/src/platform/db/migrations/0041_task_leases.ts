import type { Kysely } from 'kysely';
import { schemaHelpers, type Migration } from '../columns.ts';
import type { Dialect } from '../database.ts';

/**
 * Turns of the recurring tasks (issue 36 part 2): one row per task name, holding when its next turn
 * is due. A worker takes a turn by moving `next_run_at` past now with one conditional UPDATE, so
 * that across every instance and restart a task runs once per period (platform/jobs/task-leases.ts).
 */
export const taskLeases: Migration = {
  name: '0041_task_leases',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    const h = schemaHelpers(dialect);
    await db.schema
      .createTable('task_leases')
      .addColumn('name', 'varchar(100)', (c) => c.primaryKey())
      .addColumn('next_run_at', h.timestamp, (c) => c.notNull())
      .addColumn('last_run_at', h.timestamp)
      /** `host:pid` of the process that took the last turn (for operators). */
      .addColumn('holder', 'varchar(200)')
      .execute();
  },
};
