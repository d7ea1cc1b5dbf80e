import { sql, type Kysely } from 'kysely';
import type { Migration } from '../columns.ts';
import type { Dialect } from '../database.ts';

/**
 * PostgreSQL: the identity words of each search row (name, e-mail and tags: the document's
 * weight-A lexemes) in a column of their own, computed from the document, with a GIN index.
 * An identity search (a list's name filter) and the sourcing's relevance then read these few
 * words, never the CV text's document (wide, often out of line), which cost a decompression per
 * match (docs/sourcing.md). SQLite's FTS5 already searches its columns apart.
 */
export const searchIdentity: Migration = {
  name: '0031_search_identity',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    if (dialect !== 'postgres') return;
    await sql`alter table applicant_search
      add column identity tsvector generated always as (ts_filter(document, '{a}')) stored`.execute(
      db,
    );
    await sql`create index applicant_search_identity_idx on applicant_search using gin (identity)`.execute(
      db,
    );
  },
};
