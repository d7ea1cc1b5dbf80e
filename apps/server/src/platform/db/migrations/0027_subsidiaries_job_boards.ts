import { sql, type Kysely } from 'kysely';
import { schemaHelpers, type Migration } from '../columns.ts';
import type { Dialect } from '../database.ts';

/**
 * Configuration of subsidiaries and job boards (issue 17 items 4 and 6).
 *
 * - `subsidiaries` become a tree (`parent_id`, set null when a parent goes) that can be archived:
 *   an archived subsidiary leaves the pickers but keeps its offers, projects and users. Names are
 *   unique within a company ignoring case: older duplicates are kept readable and made unique
 *   with their id, ` (12)`, as migration 0020 did for groups.
 * - `company_job_boards`: per company and board of the global catalogue, whether the company
 *   publishes there and its credentials, sealed with AES-256-GCM (platform/crypto/secret-box.ts)
 *   as one JSON object, never stored or sent in clear. No row means enabled without credentials.
 */
export const subsidiariesJobBoards: Migration = {
  name: '0027_subsidiaries_job_boards',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    const h = schemaHelpers(dialect);
    const ts = h.timestamp;

    await db.schema
      .alterTable('subsidiaries')
      .addColumn('parent_id', 'integer', (c) =>
        c.references('subsidiaries.id').onDelete('set null'),
      )
      .execute();
    await db.schema
      .alterTable('subsidiaries')
      .addColumn('archived', h.boolean, h.falseDefault)
      .execute();
    await db.schema.alterTable('subsidiaries').addColumn('archived_at', ts).execute();
    await db.schema
      .createIndex('subsidiaries_parent_idx')
      .on('subsidiaries')
      .column('parent_id')
      .execute();
    await sql`update subsidiaries set name = trim(name)`.execute(db);
    await sql`
      update subsidiaries
      set name = substr(name, 1, 240) || ' (' || cast(id as varchar(12)) || ')'
      where exists (
        select 1 from subsidiaries older
        where older.company_id = subsidiaries.company_id
          and lower(older.name) = lower(subsidiaries.name)
          and older.id < subsidiaries.id
      )`.execute(db);
    await sql`create unique index subsidiaries_company_name_unique_idx on subsidiaries (company_id, lower(name))`.execute(
      db,
    );

    await db.schema
      .createTable('company_job_boards')
      .addColumn('company_id', 'integer', (c) =>
        c.notNull().references('companies.id').onDelete('cascade'),
      )
      .addColumn('job_board_id', 'integer', (c) =>
        c.notNull().references('job_boards.id').onDelete('cascade'),
      )
      .addColumn('enabled', h.boolean, h.trueDefault)
      .addColumn('credentials', 'text')
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('company_job_boards_company_board_unique_idx')
      .on('company_job_boards')
      .columns(['company_id', 'job_board_id'])
      .unique()
      .execute();
  },
};
