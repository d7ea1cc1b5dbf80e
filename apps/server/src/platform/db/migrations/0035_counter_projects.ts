import { sql } from 'kysely';
import { analyzeIfKept, type Migration } from '../columns.ts';
import { createOfferProjectTriggers } from '../counters.ts';

/**
 * Speed at scale (issue 11): each offer's counter row knows its offer's project (kept by triggers,
 * counters.ts), so that the project tree sums the applications to treat per project from one
 * index instead of joining every offer of the company with its counter row (500 projects, 20,000
 * offers: PostgreSQL 32 → 10 ms for the tree's counts).
 */
export const counterProjects: Migration = {
  name: '0035_counter_projects',
  async up(db, dialect) {
    await db.schema.alterTable('offer_counters').addColumn('project_id', 'integer').execute();
    await sql`update offer_counters set project_id = (select o.project_id from offers o where o.id = offer_counters.offer_id)`.execute(
      db,
    );
    await createOfferProjectTriggers(db, dialect);
    // The tree's sums: the company's counters not archived, by project, read from the index alone.
    await db.schema
      .createIndex('offer_counters_project_idx')
      .on('offer_counters')
      .columns(['company_id', 'archived', 'project_id', 'to_treat'])
      .execute();
    await analyzeIfKept(db, dialect, ['offer_counters']);
  },
};
