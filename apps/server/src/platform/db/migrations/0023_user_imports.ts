import type { Kysely } from 'kysely';
import { schemaHelpers, type Migration } from '../columns.ts';
import type { Dialect } from '../database.ts';

/**
 * Users imports (issue 16 item 1): one row per import run, read by `GET /users/imports/{id}`
 * while its background job works. `rows` holds the checked rows (JSON) until the job has run;
 * `done` counts the rows written so far, `created` the users created once it committed.
 */
export const userImports: Migration = {
  name: '0023_user_imports',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    const h = schemaHelpers(dialect);
    await h
      .id(db.schema.createTable('user_imports'))
      .addColumn('company_id', 'integer', (c) =>
        c.notNull().references('companies.id').onDelete('cascade'),
      )
      .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('total', 'integer', (c) => c.notNull())
      .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('rows', 'text')
      .addColumn('error', 'text')
      .addColumn('created_at', h.timestamp, (c) => c.notNull())
      .addColumn('updated_at', h.timestamp, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('user_imports_company_idx')
      .on('user_imports')
      .columns(['company_id', 'id'])
      .execute();
  },
};
