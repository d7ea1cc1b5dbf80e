import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Dialect } from './database.ts';
import type { DB } from './schema.ts';

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
): Expression<SqlBool> {
  const words = searchWords(text);
  if (!words.length) return sql<SqlBool>`1 = 0`;
  if (dialect === 'postgres') {
    const weight = scope === 'identity' ? 'A' : '';
    const query = words.map((w) => `${w}:*${weight}`).join(' & ');
    // `= any(array(…))`: the GIN lookup runs once, then primary-key probes; an `in (…)` lets the
    // planner walk a whole index of applicants and test each one.
    return sql<SqlBool>`${column} = any(array(select s.applicant_id from applicant_search s where s.company_id = ${companyId} and s.document @@ to_tsquery('simple', ${query})))`;
  }
  // FTS5 holds every company's rows; the company's own token keeps the match to its rows.
  return sql<SqlBool>`${column} in (select s.rowid from applicant_search s where applicant_search match ${ftsQuery(companyId, words, scope)})`;
}

/** An FTS5 query: the company's token and every word as a prefix, in the scope's columns. */
function ftsQuery(companyId: number, words: string[], scope: 'all' | 'identity') {
  const terms = words.map((w) => `"${w}"*`).join(' ');
  const columns = scope === 'identity' ? 'name email tags' : 'name email tags cv_text';
  return `company : ${companyToken(companyId)} AND {${columns}} : (${terms})`;
}

/** The company's token in the SQLite index (migration 0008): one word that no text can contain. */
export function companyToken(companyId: number): string {
  return `c${companyId}`;
}

/**
 * A page of the company's applicants matching `text` (newest id first) and how many match, read
 * from the search index alone: no applicant row is visited to count (README "Who sees which
 * applicants": only for a user who sees every applicant of the company).
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
  if (dialect === 'postgres') {
    const query = words.map((w) => `${w}:*`).join(' & ');
    const match = sql`s.company_id = ${companyId} and s.document @@ to_tsquery('simple', ${query})`;
    const [count, page] = await Promise.all([
      sql<{ n: number }>`select count(*) as n from applicant_search s where ${match}`.execute(db),
      sql<{
        id: number;
      }>`select s.applicant_id as id from applicant_search s where ${match} order by s.applicant_id desc limit ${limit} offset ${offset}`.execute(
        db,
      ),
    ]);
    return { total: Number(count.rows[0]?.n ?? 0), ids: page.rows.map((r) => r.id) };
  }
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
      values (${applicantId}, ${companyId}, setweight(to_tsvector('simple', ${`${doc.name} ${doc.email} ${doc.tags}`}), 'A') || to_tsvector('simple', ${doc.cvText}))
      on conflict (applicant_id) do update set document = excluded.document, company_id = excluded.company_id`.execute(
      db,
    );
    return;
  }
  await sql`delete from applicant_search where rowid = ${applicantId}`.execute(db);
  await sql`insert into applicant_search (rowid, name, email, tags, cv_text, company) values (${applicantId}, ${doc.name}, ${doc.email}, ${doc.tags}, ${doc.cvText}, ${companyToken(companyId)})`.execute(
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
        (r) =>
          sql`(${r.applicantId}, ${r.companyId}, setweight(to_tsvector('simple', ${`${r.doc.name} ${r.doc.email} ${r.doc.tags}`}), 'A') || to_tsvector('simple', ${r.doc.cvText}))`,
      );
      await sql`insert into applicant_search (applicant_id, company_id, document) values ${sql.join(values)}`.execute(
        db,
      );
    } else {
      const values = chunk.map(
        (r) =>
          sql`(${r.applicantId}, ${r.doc.name}, ${r.doc.email}, ${r.doc.tags}, ${r.doc.cvText}, ${companyToken(r.companyId)})`,
      );
      await sql`insert into applicant_search (rowid, name, email, tags, cv_text, company) values ${sql.join(values)}`.execute(
        db,
      );
    }
  }
}
