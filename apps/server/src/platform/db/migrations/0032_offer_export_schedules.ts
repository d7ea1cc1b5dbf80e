import type { Kysely } from 'kysely';
import { schemaHelpers, type Migration } from '../columns.ts';
import type { Dialect } from '../database.ts';

/**
 * Scheduled offer exports (issue 17 item 5, modules/company-settings):
 *
 * - `offer_export_schedules`: a company's recurring exports (daily, weekly on `weekday` 1-7 from
 *   Monday, monthly on `month_day` 1-28) at `hour` in the company's time zone, with the file's
 *   format, columns (JSON array) and language, and the users mailed a link (`recipient_ids`, JSON
 *   array). `next_run_at` is the next instant it is due (null while disabled): the worker's tick
 *   claims a due schedule by moving it forward with a compare-and-set, so a run happens once
 *   whatever the number of workers and restarts.
 * - `offer_exports.schedule_id`: the schedule an export was written for (its recipients are mailed
 *   when it finishes).
 */
export const offerExportSchedules: Migration = {
  name: '0032_offer_export_schedules',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    const h = schemaHelpers(dialect);
    const ts = h.timestamp;
    await h
      .id(db.schema.createTable('offer_export_schedules'))
      .addColumn('company_id', 'integer', (c) =>
        c.notNull().references('companies.id').onDelete('cascade'),
      )
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('frequency', 'varchar(8)', (c) => c.notNull())
      .addColumn('weekday', 'integer')
      .addColumn('month_day', 'integer')
      .addColumn('hour', 'integer', (c) => c.notNull())
      .addColumn('format', 'varchar(8)', (c) => c.notNull())
      .addColumn('columns', 'text', (c) => c.notNull())
      .addColumn('language', 'varchar(5)', (c) => c.notNull())
      .addColumn('recipient_ids', 'text', (c) => c.notNull())
      .addColumn('enabled', h.boolean, h.trueDefault)
      .addColumn('next_run_at', ts)
      .addColumn('last_run_at', ts)
      .addColumn('last_export_id', 'integer', (c) =>
        c.references('offer_exports.id').onDelete('set null'),
      )
      .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('offer_export_schedules_company_idx')
      .on('offer_export_schedules')
      .columns(['company_id', 'id'])
      .execute();
    await db.schema
      .createIndex('offer_export_schedules_due_idx')
      .on('offer_export_schedules')
      .column('next_run_at')
      .execute();
    await db.schema
      .alterTable('offer_exports')
      .addColumn('schedule_id', 'integer', (c) =>
        c.references('offer_export_schedules.id').onDelete('set null'),
      )
      .execute();
  },
};
