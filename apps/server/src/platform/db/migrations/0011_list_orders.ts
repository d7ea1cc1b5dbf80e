import { sql, type Kysely } from 'kysely';
import { analyzeIfKept, type Migration } from '../columns.ts';
import { scopedColumns } from '../applicant-search.ts';
import { createOfferArchivedTriggers } from '../counters.ts';
import type { Dialect } from '../database.ts';

/**
 * Speed at scale (issue 11), the lists that still read every row of a company:
 * - dashboard alerts: `offer_counters` learns whether its offer is archived (kept by triggers,
 *   counters.ts), so that the alerts are counted and the newest page read from one index ordered
 *   by the oldest application to treat, instead of loading every alert and sorting it in memory;
 * - who opened an alert (`offer_alert_views`) is read per company;
 * - the treatment screen's offer choices are paged in job-position order;
 * - SQLite's applicant search index holds each word behind its company's prefix
 *   (applicant-search.ts) instead of one company word per row, so that a search reads only its
 *   company's matches.
 */
export const listOrders: Migration = {
  name: '0011_list_orders',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    const pg = dialect === 'postgres';
    await db.schema
      .alterTable('offer_counters')
      .addColumn('archived', 'boolean', (c) => c.notNull().defaultTo(pg ? sql`false` : sql`0`))
      .execute();
    await sql`update offer_counters set archived = (select o.archived from offers o where o.id = offer_counters.offer_id)`.execute(
      db,
    );
    await createOfferArchivedTriggers(db, dialect);
    // Alerts, newest first: the offers whose oldest `new` application is older than a cutoff.
    // `to_treat` last: the company's applications to treat are summed from the index alone.
    await db.schema
      .createIndex('offer_counters_alert_idx')
      .on('offer_counters')
      .columns(['company_id', 'archived', 'oldest_new_at', 'offer_id', 'to_treat'])
      .execute();
    await db.schema
      .createIndex('offer_alert_views_company_idx')
      .on('offer_alert_views')
      .columns(['company_id', 'offer_id', 'seen_at'])
      .execute();
    // The treatment screen's offer choices: the company's offers in job-position order.
    await db.schema
      .createIndex('offers_company_position_idx')
      .on('offers')
      .columns(['company_id', 'job_position', 'id'])
      .execute();
    if (!pg) await rebuildSearchIndex(db);
    await analyzeIfKept(db, dialect, ['offer_counters', 'offer_alert_views', 'offers']);
  },
};

/** Copies SQLite's search rows into a new index, each word behind its company's prefix. */
async function rebuildSearchIndex(db: Kysely<unknown>) {
  await sql`create virtual table applicant_search_v3 using fts5(name, email, tags, cv_text, tokenize = 'unicode61 remove_diacritics 2')`.execute(
    db,
  );
  let after = 0;
  for (;;) {
    const { rows } = await sql<{
      id: number;
      company_id: number;
      name: string | null;
      email: string | null;
      tags: string | null;
      cv_text: string | null;
    }>`select s.rowid as id, a.company_id, s.name, s.email, s.tags, s.cv_text
      from applicant_search s join applicants a on a.id = s.rowid
      where s.rowid > ${after} order by s.rowid limit 500`.execute(db);
    if (!rows.length) break;
    // The stored texts are already normalised words: only the prefix is added.
    const values = rows.map((r) => {
      const doc = {
        name: r.name ?? '',
        email: r.email ?? '',
        tags: r.tags ?? '',
        cvText: r.cv_text ?? '',
      };
      return sql`(${r.id}, ${sql.join(scopedColumns(r.company_id, doc))})`;
    });
    await sql`insert into applicant_search_v3 (rowid, name, email, tags, cv_text) values ${sql.join(values)}`.execute(
      db,
    );
    after = rows[rows.length - 1]!.id;
  }
  // The applicants' trigger names the old table: it goes while the new one takes its name.
  await sql`drop trigger applicants_search_delete`.execute(db);
  await sql`drop table applicant_search`.execute(db);
  await sql`alter table applicant_search_v3 rename to applicant_search`.execute(db);
  await sql`create trigger applicants_search_delete after delete on applicants begin
    delete from applicant_search where rowid = old.id;
  end`.execute(db);
}
