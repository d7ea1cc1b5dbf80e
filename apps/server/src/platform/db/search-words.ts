import { sql, type Kysely, type RawBuilder } from 'kysely';
import { analyzeIfKept } from './columns.ts';
import type { Dialect } from './database.ts';
import type { DB } from './schema.ts';

/**
 * PostgreSQL: each applicant's identity words (name, e-mail and tags: the search document's
 * weight-A lexemes), one row per word in a btree, kept by a trigger on `applicant_search` in the
 * transaction of the change. A one-word search reads its matches from this index alone (an
 * index-only scan: no row visited when the visibility map says the page is all-visible). A GIN
 * index cannot do that: counting 17,647 "dupont" among 300,000 applicants read one search row per
 * match (15,776 pages) only to check that the row is visible, 52 ms against 3 ms here
 * (docs/performance.md). Several words go to the identity GIN (search-identity.ts), which
 * intersects their lists inside the index and visits only the few rows matching every word.
 *
 * The CV text's own words, less the identity words (`cvOnly`), get a GIN index of their own: a
 * one-word search is then the identity matches (btree) plus the CV-only matches, which for a
 * name are few (a CV holds its owner's name, and that word is already an identity word).
 */
export async function addSearchWords(db: Kysely<unknown>, dialect: Dialect) {
  if (dialect !== 'postgres') return;
  await sql`create table applicant_words (
    company_id integer not null,
    word text not null,
    applicant_id integer not null)`.execute(db);
  await fillSearchWords(db, dialect);
  // text_pattern_ops: byte order, so that a prefix is a range of the index whatever the collation.
  await sql`create unique index applicant_words_idx
    on applicant_words (company_id, word text_pattern_ops, applicant_id)`.execute(db);
  await sql`create index applicant_search_cv_idx on applicant_search using gin (${cvOnly(sql.ref('document'))})`.execute(
    db,
  );
  // The planner's figures for the new table and the new expression, before autovacuum's.
  await analyzeIfKept(db, dialect, ['applicant_words', 'applicant_search']);
  // Rows are removed by their words (the unique index), so no index on applicant_id is needed.
  await sql`create or replace function applicant_search_words() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    delete from applicant_words where company_id = old.company_id and applicant_id = old.applicant_id
      and word = any(tsvector_to_array(ts_filter(old.document, '{a}')));
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into applicant_words (company_id, word, applicant_id)
      select new.company_id, w, new.applicant_id
      from unnest(tsvector_to_array(ts_filter(new.document, '{a}'))) w
      on conflict do nothing;
  end if;
  return null;
end $$`.execute(db);
  await sql`create trigger applicant_search_words
    after insert or delete or update of applicant_id, company_id, document on applicant_search
    for each row execute function applicant_search_words()`.execute(db);
}

/** Copies every search row's identity words at once (the migration, a bulk load with triggers off). */
export async function fillSearchWords(db: Kysely<unknown>, dialect: Dialect) {
  if (dialect !== 'postgres') return;
  await sql`insert into applicant_words (company_id, word, applicant_id)
    select s.company_id, w, s.applicant_id
    from applicant_search s, unnest(tsvector_to_array(ts_filter(s.document, '{a}'))) w
    on conflict do nothing`.execute(db);
}

/**
 * A search document's CV words that are not identity words: the expression of
 * `applicant_search_cv_idx` (a query must spell it the same way for the index to serve it).
 * Whether a word prefix matches the document is unchanged when a word found among the identity
 * words is left out of the CV's.
 */
export function cvOnly(document: RawBuilder<unknown>) {
  return sql`ts_delete(ts_filter(${document}, '{d}'), tsvector_to_array(ts_filter(${document}, '{a}')))`;
}

/** Above every character a word can hold (a word is letters and digits; U+10FFFF is neither). */
const LAST = '\u{10FFFF}';

/** The company's applicants with an identity word beginning with `word` (a range of the btree). */
export function identityWordMatches(companyId: number, word: string) {
  return sql`select w.applicant_id from applicant_words w where w.company_id = ${companyId}
    and w.word ~>=~ ${word} and w.word ~<~ ${word + LAST}`;
}

/** Above this many CV-only matches expected, a search counts on the document's GIN index. */
export const FEW_CV_MATCHES = 2_000;

/** Whether the planner expects `query` to return at most `limit` rows (its estimate, not a run). */
export async function plannedRowsAtMost(db: Kysely<DB>, query: RawBuilder<unknown>, limit: number) {
  const explained = await sql<{
    'QUERY PLAN': unknown;
  }>`explain (format json) ${query}`.execute(db);
  const plan = explained.rows[0]?.['QUERY PLAN'];
  const root = (typeof plan === 'string' ? JSON.parse(plan) : plan) as [
    { Plan: { 'Plan Rows': number } },
  ];
  return root[0].Plan['Plan Rows'] <= limit;
}
