import { sql } from 'kysely';
import type { Migration } from '../columns.ts';

/**
 * SQLite's applicant search index keeps which column each word is in, not where in it
 * (FTS5 `detail=column`). Every search is words as prefixes within columns, never a phrase nor
 * a NEAR, and the CV highlights are found in JavaScript (sourcing-highlights.ts): the positions
 * were read for nothing. Without them the index is about 40 % smaller and a search merges shorter
 * lists: at 300,000 applicants with CV text, two prefixes matching 50,000 ("compta lyo") went
 * from about 45 to 33 ms for the page with its count, one CV word from 4 to 3 ms.
 * PostgreSQL's search (tsvector) is unchanged.
 */
export const searchIndexColumns: Migration = {
  name: '0034_search_index_columns',
  async up(db, dialect) {
    if (dialect !== 'sqlite') return;
    await sql`create virtual table applicant_search_v4 using fts5(name, email, tags, cv_text, tokenize = 'unicode61 remove_diacritics 2', detail = column)`.execute(
      db,
    );
    // The stored texts are the indexed ones (each word already behind its company's prefix).
    await sql`insert into applicant_search_v4 (rowid, name, email, tags, cv_text)
      select rowid, name, email, tags, cv_text from applicant_search`.execute(db);
    await sql`insert into applicant_search_v4 (applicant_search_v4) values ('optimize')`.execute(
      db,
    );
    // The applicants' trigger names the old table: it goes while the new one takes its name.
    await sql`drop trigger applicants_search_delete`.execute(db);
    await sql`drop table applicant_search`.execute(db);
    await sql`alter table applicant_search_v4 rename to applicant_search`.execute(db);
    await sql`create trigger applicants_search_delete after delete on applicants begin
      delete from applicant_search where rowid = old.id;
    end`.execute(db);
  },
};
