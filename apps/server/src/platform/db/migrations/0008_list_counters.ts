import { sql, type Kysely } from 'kysely';
import { schemaHelpers, type Migration } from '../columns.ts';
import { createCounterTriggers, fillCounters } from '../counters.ts';
import type { Dialect } from '../database.ts';

/**
 * Speed at scale: counters that every list page shows (applications per offer, those to treat and
 * the oldest one to treat; applicants per company), kept by triggers (see counters.ts), so that a
 * page costs the same with a million applications as with thirty thousand.
 */
export const listCounters: Migration = {
  name: '0008_list_counters',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    const h = schemaHelpers(dialect);
    await db.schema
      .createTable('offer_counters')
      .addColumn('offer_id', 'integer', (c) =>
        c.primaryKey().references('offers.id').onDelete('cascade'),
      )
      .addColumn('company_id', 'integer', (c) =>
        c.notNull().references('companies.id').onDelete('cascade'),
      )
      .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('to_treat', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('oldest_new_at', h.timestamp)
      .execute();
    // The alert rule: the company's offers whose oldest `new` application is older than a cutoff.
    await db.schema
      .createIndex('offer_counters_company_oldest_idx')
      .on('offer_counters')
      .columns(['company_id', 'oldest_new_at'])
      .execute();
    await db.schema
      .createTable('company_counters')
      .addColumn('company_id', 'integer', (c) =>
        c.primaryKey().references('companies.id').onDelete('cascade'),
      )
      .addColumn('applicants', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await fillCounters(db, dialect, { companyTreat: false });
    await createCounterTriggers(db, dialect);
    if (dialect === 'sqlite') {
      // The search index gets the company's token (`c{id}`, applicant-search.ts): a search counts
      // its matches inside the index instead of visiting every matching applicant's row.
      await sql`create virtual table applicant_search_v2 using fts5(name, email, tags, cv_text, company, tokenize = 'unicode61 remove_diacritics 2')`.execute(
        db,
      );
      await sql`insert into applicant_search_v2 (rowid, name, email, tags, cv_text, company)
        select s.rowid, s.name, s.email, s.tags, s.cv_text, 'c' || a.company_id
        from applicant_search s join applicants a on a.id = s.rowid`.execute(db);
      await sql`drop table applicant_search`.execute(db);
      await sql`alter table applicant_search_v2 rename to applicant_search`.execute(db);
      // PostgreSQL's row goes with its applicant (foreign key); SQLite's FTS5 row by this trigger.
      await sql`create trigger applicants_search_delete after delete on applicants begin
        delete from applicant_search where rowid = old.id;
      end`.execute(db);
    }
  },
};
