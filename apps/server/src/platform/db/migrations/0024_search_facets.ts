import type { Kysely } from 'kysely';
import type { Migration } from '../columns.ts';
import type { Dialect } from '../database.ts';
import { addSearchFacets } from '../search-facets.ts';

/**
 * PostgreSQL: the sourcing facets on the search index's rows, kept by triggers (search-facets.ts),
 * so that a search over every application reads no applicant row per match (issue 15).
 */
export const searchFacets: Migration = {
  name: '0024_search_facets',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    await addSearchFacets(db, dialect);
  },
};
