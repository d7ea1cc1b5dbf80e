import type { Kysely } from 'kysely';
import { schemaHelpers, type Migration } from '../columns.ts';
import type { Dialect } from '../database.ts';

/**
 * The project's application settings: `documents_enabled` (spec 5, "application motivation is
 * fetched only when the project's application settings enable documents"), on by default.
 */
export const projectDocuments: Migration = {
  name: '0004_project_documents',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    const h = schemaHelpers(dialect);
    await db.schema
      .alterTable('projects')
      .addColumn('documents_enabled', h.boolean, h.trueDefault)
      .execute();
  },
};
