import type { Kysely } from 'kysely';
import { schemaHelpers, type Migration } from '../columns.ts';
import type { Dialect } from '../database.ts';

/**
 * Bulk operations on a selection of applications (issue 42 part 2, docs/bulk-actions.md): a
 * "select all that match" status change, its selection and target (`params`, JSON), its progress
 * (`processed`, `changed`, `skipped` by reason as JSON, `cursor`: the last application id walked,
 * where a retried job goes on) and its outcome. Read back by their user while the job runs.
 */
export const bulkOperations: Migration = {
  name: '0063_bulk_operations',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    const h = schemaHelpers(dialect);
    await h
      .id(db.schema.createTable('bulk_operations'))
      .addColumn('company_id', 'integer', (c) =>
        c.notNull().references('companies.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('kind', 'varchar(32)', (c) => c.notNull())
      .addColumn('status', 'varchar(12)', (c) => c.notNull())
      .addColumn('params', 'text', (c) => c.notNull())
      .addColumn('total', 'integer', (c) => c.notNull())
      .addColumn('processed', 'integer', (c) => c.notNull())
      .addColumn('changed', 'integer', (c) => c.notNull())
      .addColumn('skipped', 'text', (c) => c.notNull())
      .addColumn('cursor', 'integer', (c) => c.notNull())
      .addColumn('error', 'text')
      .addColumn('created_at', h.timestamp, (c) => c.notNull())
      .addColumn('updated_at', h.timestamp, (c) => c.notNull())
      .addColumn('finished_at', h.timestamp)
      .execute();
    await db.schema
      .createIndex('bulk_operations_company_user_idx')
      .on('bulk_operations')
      .columns(['company_id', 'user_id', 'id'])
      .execute();
  },
};
