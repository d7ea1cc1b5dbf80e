import type { Migration } from '../columns.ts';
import { addSearchWords } from '../search-words.ts';

/**
 * PostgreSQL: the identity words one per row in a btree, and the CV-only words' GIN index
 * (search-words.ts), so that a one-word search counts its matches from indexes alone.
 */
export const searchWords: Migration = {
  name: '0037_search_words',
  up: (db, dialect) => addSearchWords(db, dialect),
};
