import type { Kysely } from 'kysely';
import { schemaHelpers, type Migration } from '../columns.ts';
import type { Dialect } from '../database.ts';
import { createLastApplicationTriggers, fillLastApplications } from '../last-application.ts';

/**
 * Each applicant's newest application on its row, kept by triggers (last-application.ts): the
 * sourcing search counts its facets over every match without one lookup per match (issue 15).
 */
export const lastApplication: Migration = {
  name: '0016_last_application',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    const h = schemaHelpers(dialect);
    await db.schema.alterTable('applicants').addColumn('last_application_id', 'integer').execute();
    await db.schema.alterTable('applicants').addColumn('last_status_id', 'integer').execute();
    await db.schema.alterTable('applicants').addColumn('last_applied_at', h.timestamp).execute();
    await fillLastApplications(db, dialect);
    await createLastApplicationTriggers(db, dialect);
  },
};
