import type { Migration } from '../columns.ts';
import { addSearchIdentityTable } from '../search-identity.ts';

/** PostgreSQL: the identity words in a narrow table of their own (search-identity.ts). */
export const searchIdentityTable: Migration = {
  name: '0033_search_identity_table',
  up: (db, dialect) => addSearchIdentityTable(db, dialect),
};
