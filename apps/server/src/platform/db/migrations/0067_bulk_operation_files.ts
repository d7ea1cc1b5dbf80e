import { sql, type Kysely } from 'kysely';
import { schemaHelpers, type Migration } from '../columns.ts';
import type { Dialect } from '../database.ts';

/**
 * The file a bulk operation made (issue 42, docs/bulk-actions.md "The CVs of all that match"): the
 * ZIP of a CV bundle's job, its storage key (`cv-bundles/{company}/…`; null until it is stored,
 * and again once the expiry sweep deleted it), its size and when it expires. A row whose key is
 * null and whose `file_expires_at` is set had a file that is gone.
 */
export const bulkOperationFiles: Migration = {
  name: '0067_bulk_operation_files',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    const h = schemaHelpers(dialect);
    await db.schema.alterTable('bulk_operations').addColumn('file_key', 'varchar(200)').execute();
    await db.schema
      .alterTable('bulk_operations')
      .addColumn('file_size', dialect === 'postgres' ? 'bigint' : 'integer')
      .execute();
    await db.schema
      .alterTable('bulk_operations')
      .addColumn('file_expires_at', h.timestamp)
      .execute();
    // The expiry sweep reads the files that are still there, oldest expiry first.
    await db.schema
      .createIndex('bulk_operations_file_expiry_idx')
      .on('bulk_operations')
      .columns(['file_expires_at'])
      .where(sql.ref('file_key'), 'is not', null)
      .execute();
  },
};
