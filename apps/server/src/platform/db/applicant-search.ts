import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Dialect } from './database.ts';
import type { DB } from './schema.ts';
import { cvOnly, FEW_CV_MATCHES, identityWordMatches, plannedRowsAtMost } from './search-words.ts';

/** Lower-case words without accents, split on anything but letters and digits. */
function words(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** The words of a query: the same normalisation as the indexed text, at most 8. */
export function searchWords(text: string): string[] {
  return words(text).slice(0, 8);
}

/** The indexed text, normalised like queries (an e-mail becomes its words on both databases). */
export function searchDocument(parts: {
  name: string;
  email: string | null;
  tags: string[];
  cvText: string | null;
}) {
  const norm = (s: string | null) => (s ? words(s).join(' ') : '');
  return {
    name: norm(parts.name),
    email: norm(parts.email),
    tags: norm(parts.tags.join(' ')),
    cvText: norm(parts.cvText),
  };
}

/**
 * `applicants.id in (…)` for a full-text search (every word as a prefix) among the company's
 * applicants: FTS5 on SQLite, tsvector with its GIN index on PostgreSQL. No word: no match.
 */
export function applicantMatch(
  dialect: Dialect,
  companyId: number,
  column: Expression<number | null>,
  text: string,
  /** `identity`: name, e-mail and tags only (list filters); `all` adds the CV text. */
  scope: 'all' | 'identity' = 'all',
  /**
   * The rows to test are few (one offer's applications): PostgreSQL probes each one's document
   * by its key rather than reading every match of the company from the GIN index first; for the
   * identity words, it reads the company's matches once and joins them by hash.
   */
  fewRows = false,
): Expression<SqlBool> {
  const words = searchWords(text);
  if (!words.length) return sql<SqlBool>`1 = 0`;
  if (dialect === 'postgres' && scope === 'identity') {
    const identity = identityMatches(companyId, words);
    // One offer's applications: the company's matches read once into a hash that each of the
    // offer's applications is looked up in, in the order the page walks them (a "hashed SubPlan":
    // the IN inside coalesce is not turned into a join). As a semi-join the planner either probed
    // the identity words of each application newest first until it had 20 matches (all 5,000 for a
    // name that is not there, the usual search for one person), or, estimating 200 matches where
    // a common name has 17,000 at a million applications, probed the applications of every match
    // (the page with its count: 229 ms at that size, 28 ms now).
    if (fewRows) return sql<SqlBool>`coalesce(${column} in (${identity}), false)`;
    return sql<SqlBool>`${column} in (${identity})`;
  }
  if (dialect === 'postgres' && fewRows)
    return sql<SqlBool>`(select s.document @@ to_tsquery('simple', ${tsQuery(words)}) from applicant_search s where s.applicant_id = ${column})`;
  if (dialect === 'postgres') {
    // A semi-join (lists across offers): the planner starts from the GIN index or from the list,
    // whichever is smaller; `= any(array(…))` always read every match of the company first.
    return sql<SqlBool>`exists (select 1 from applicant_search s where s.applicant_id = ${column} and s.company_id = ${companyId} and s.document @@ to_tsquery('simple', ${tsQuery(words)}))`;
  }
  // FTS5 holds every company's rows; each word is indexed with its company's prefix.
  return sql<SqlBool>`${column} in (select s.rowid from applicant_search s where applicant_search match ${ftsQuery(companyId, words, scope)})`;
}

/**
 * PostgreSQL: the company's applicants whose name, e-mail or tags hold every word as a prefix.
 * One word: a range of the identity words' btree, read from the index alone (search-words.ts).
 * Several: the identity words' GIN index (search-identity.ts), which intersects the words' lists
 * inside the index, so that only the applicants matching every word are visited.
 */
export function identityMatches(companyId: number, words: string[]) {
  if (words.length === 1) return identityWordMatches(companyId, words[0]!);
  return sql`select i.applicant_id from applicant_identity i where i.company_id = ${companyId} and i.identity @@ to_tsquery('simple', ${tsQuery(words)})`;
}

/** A tsquery: every word as a prefix. */
export function tsQuery(words: string[]) {
  return words.map((w) => `${w}:*`).join(' & ');
}

/** An FTS5 query: every word, with the company's prefix, as a prefix in the scope's columns. */
function ftsQuery(companyId: number, words: string[], scope: 'all' | 'identity') {
  const terms = words.map((w) => `"${scopedWord(companyId, w)}"*`).join(' ');
  const columns = scope === 'identity' ? 'name email tags' : 'name email tags cv_text';
  return `{${columns}} : (${terms})`;
}

/**
 * A word as SQLite's index holds it (migration 0011): behind its company's prefix `c{id}z`, so
 * that a search reads the company's own list of matches for each word. (Before, one company word
 * per row was matched beside each searched word: every match then sought its row in the list of
 * all the company's applicants, several times the cost of the search.) A word is letters and
 * digits only, so `c1z…` never begins a word of company 12 (`c12z…`). PostgreSQL keeps plain
 * words and the company column: longer words only made its documents bigger (measured).
 */
export function scopedWord(companyId: number, word: string): string {
  return `c${companyId}z${word}`;
}

/** A normalised text (searchDocument) with each of its words behind the company's prefix. */
export function scopedText(companyId: number, text: string): string {
  return text
    ? text
        .split(' ')
        .map((w) => scopedWord(companyId, w))
        .join(' ')
    : '';
}

/** SQLite's indexed texts (name, email, tags, cv_text) of a document, each word behind the company's prefix. */
export function scopedColumns(
  companyId: number,
  doc: ReturnType<typeof searchDocument>,
): [string, string, string, string] {
  return [
    scopedText(companyId, doc.name),
    scopedText(companyId, doc.email),
    scopedText(companyId, doc.tags),
    scopedText(companyId, doc.cvText),
  ];
}

/**
 * A page of the company's applicants matching `text` (newest id first) and how many match, read
 * from the search index alone: no applicant row is visited to count (docs/security.md
 * "Who sees which applicants": only for a user who sees every applicant of the company).
 */
export async function searchIndexPage(
  db: Kysely<DB>,
  dialect: Dialect,
  companyId: number,
  text: string,
  limit: number,
  offset: number,
): Promise<{ total: number; ids: number[] }> {
  const words = searchWords(text);
  if (!words.length) return { total: 0, ids: [] };
  if (dialect === 'postgres') return postgresSearchPage(db, companyId, words, limit, offset);
  const query = ftsQuery(companyId, words, 'all');
  const count = await sql<{
    n: number;
  }>`select count(*) as n from applicant_search where applicant_search match ${query}`.execute(db);
  const page = await sql<{
    id: number;
  }>`select rowid as id from applicant_search where applicant_search match ${query} order by rowid desc limit ${limit} offset ${offset}`.execute(
    db,
  );
  return { total: Number(count.rows[0]?.n ?? 0), ids: page.rows.map((r) => r.id) };
}

/**
 * PostgreSQL: a page of the company's applicants whose document holds every word as a prefix,
 * and how many do. A GIN index cannot count alone: it visits each match's search row to check
 * that it is visible (search-words.ts). So when the words' CV-only matches are few (names: a CV's
 * own name is an identity word), the matches are counted from the identity words' indexes, with
 * the few CV-only ones beside them:
 * - one word: its identity matches from the btree alone (an index-only scan), an applicant found
 *   twice (two of its words begin with the word) counted once by a distinct count (a sort, a
 *   quarter of the cost of a `union`'s hash);
 * - several words: the applicants whose identity words hold them all (the narrow identity table's
 *   GIN index), and those of the CV-only matches of any word whose whole document holds them all;
 *   the page is read from the same few rows.
 * Otherwise (a word of most CVs, where reading both long lists cost 2.5 times as much) the
 * document's GIN index counts, intersecting several words inside the index.
 */
async function postgresSearchPage(
  db: Kysely<DB>,
  companyId: number,
  words: string[],
  limit: number,
  offset: number,
): Promise<{ total: number; ids: number[] }> {
  const query = tsQuery(words);
  const match = sql`s.company_id = ${companyId} and s.document @@ to_tsquery('simple', ${query})`;
  const cvMatches = sql`select s.applicant_id, s.document from applicant_search s
    where s.company_id = ${companyId}
    and ${cvOnly(sql.ref('s.document'))} @@ to_tsquery('simple', ${words.map((w) => `${w}:*`).join(' | ')})`;
  const identityFirst = await plannedRowsAtMost(db, cvMatches, FEW_CV_MATCHES);
  if (identityFirst && words.length > 1) {
    // `offset 0` keeps the documents' test on the few CV-only rows, off the document's index.
    const found = await sql<{ n: number; ids: number[] }>`with m as materialized (
        ${identityMatches(companyId, words)}
        union select c.applicant_id from (${cvMatches} offset 0) c
          where c.document @@ to_tsquery('simple', ${query}))
      select (select count(*) from m) as n,
        array(select applicant_id from m order by applicant_id desc limit ${limit} offset ${offset}) as ids`.execute(
      db,
    );
    const row = found.rows[0];
    return { total: Number(row?.n ?? 0), ids: (row?.ids ?? []).map(Number) };
  }
  const counted = identityFirst
    ? sql`select count(distinct m.applicant_id) as n
        from (${identityWordMatches(companyId, words[0]!)}
          union all select c.applicant_id from (${cvMatches}) c) m`
    : sql`select count(*) as n from applicant_search s where ${match}`;
  const [count, page] = await Promise.all([
    sql<{ n: number }>`${counted}`.execute(db),
    sql<{
      id: number;
    }>`select s.applicant_id as id from applicant_search s where ${match} order by s.applicant_id desc limit ${limit} offset ${offset}`.execute(
      db,
    ),
  ]);
  return { total: Number(count.rows[0]?.n ?? 0), ids: page.rows.map((r) => r.id) };
}

/** PostgreSQL's document: name, e-mail and tags at weight A, then the CV text. */
function pgDocument(doc: ReturnType<typeof searchDocument>) {
  return sql`setweight(to_tsvector('simple', ${`${doc.name} ${doc.email} ${doc.tags}`}), 'A') || to_tsvector('simple', ${doc.cvText})`;
}

/** Writes (or rewrites) one applicant's row of the search index. */
export async function writeSearchRow(
  db: Kysely<DB>,
  dialect: Dialect,
  companyId: number,
  applicantId: number,
  doc: ReturnType<typeof searchDocument>,
): Promise<void> {
  if (dialect === 'postgres') {
    await sql`insert into applicant_search (applicant_id, company_id, document)
      values (${applicantId}, ${companyId}, ${pgDocument(doc)})
      on conflict (applicant_id) do update set document = excluded.document, company_id = excluded.company_id`.execute(
      db,
    );
    return;
  }
  const [name, email, tags, cvText] = scopedColumns(companyId, doc);
  await sql`delete from applicant_search where rowid = ${applicantId}`.execute(db);
  await sql`insert into applicant_search (rowid, name, email, tags, cv_text) values (${applicantId}, ${name}, ${email}, ${tags}, ${cvText})`.execute(
    db,
  );
}

/** Writes many new search rows at once (seed data, benchmarks). */
export async function writeSearchRows(
  db: Kysely<DB>,
  dialect: Dialect,
  rows: { companyId: number; applicantId: number; doc: ReturnType<typeof searchDocument> }[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    if (dialect === 'postgres') {
      const values = chunk.map(
        (r) => sql`(${r.applicantId}, ${r.companyId}, ${pgDocument(r.doc)})`,
      );
      await sql`insert into applicant_search (applicant_id, company_id, document) values ${sql.join(values)}`.execute(
        db,
      );
    } else {
      const values = chunk.map(
        (r) => sql`(${r.applicantId}, ${sql.join(scopedColumns(r.companyId, r.doc))})`,
      );
      await sql`insert into applicant_search (rowid, name, email, tags, cv_text) values ${sql.join(values)}`.execute(
        db,
      );
    }
  }
}
