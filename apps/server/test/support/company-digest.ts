import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../../src/platform/db/database.ts';

/**
 * Every table (but views) with a `company_id` column, read from the database itself. On PostgreSQL
 * only the test's own schema is read: Kysely's introspection walks every schema, and another test
 * file dropping its schema meanwhile makes that walk fail ("schema … does not exist").
 */
export async function companyTables(database: Database): Promise<string[]> {
  const query =
    database.dialect === 'postgres'
      ? sql<{ name: string }>`
          select c.table_name as name
          from information_schema.columns c
          join information_schema.tables t
            on t.table_schema = c.table_schema and t.table_name = c.table_name
          where c.table_schema = current_schema()
            and t.table_type = 'BASE TABLE'
            and c.column_name = 'company_id'`
      : sql<{ name: string }>`
          select m.name as name
          from sqlite_master m, pragma_table_info(m.name) p
          where m.type = 'table' and p.name = 'company_id'`;
  const { rows } = await query.execute(database.db);
  return rows.map((r) => r.name).sort();
}

/**
 * A digest per table of one company's rows (`select * … where company_id = ?`, rows sorted): two
 * equal digests mean that nothing of the company was added, changed or deleted in between.
 */
export async function companyDigest(
  database: Database,
  companyId: number,
  tables: string[],
): Promise<Record<string, string>> {
  const digest: Record<string, string> = {};
  for (const table of tables) {
    const { rows } = await sql<
      Record<string, unknown>
    >`select * from ${sql.table(table)} where company_id = ${companyId}`.execute(database.db);
    const lines = rows.map((row) => JSON.stringify(row, Object.keys(row).sort())).sort();
    digest[table] = `${rows.length}:${createHash('sha256').update(lines.join('\n')).digest('hex')}`;
  }
  return digest;
}

/**
 * Texts that only one company holds (project names, offer references, applicant and user e-mails,
 * subsidiary names, its own name): an answer to the other company that holds one of them leaks.
 */
export async function companyOnlyTexts(
  database: Database,
  companyId: number,
  otherId: number,
): Promise<string[]> {
  const { db } = database;
  const texts = async (id: number) => {
    const [company, projects, offers, applicants, users, subsidiaries] = await Promise.all([
      db.selectFrom('companies').select(['social_reason', 'slug']).where('id', '=', id).execute(),
      db.selectFrom('projects').select('name').where('company_id', '=', id).execute(),
      db.selectFrom('offers').select('reference').where('company_id', '=', id).execute(),
      db.selectFrom('applicants').select('email').where('company_id', '=', id).execute(),
      db.selectFrom('users').select('email').where('company_id', '=', id).execute(),
      db.selectFrom('subsidiaries').select('name').where('company_id', '=', id).execute(),
    ]);
    return new Set(
      [
        ...company.flatMap((c) => [c.social_reason, c.slug]),
        ...projects.map((p) => p.name),
        ...offers.map((o) => o.reference),
        ...applicants.map((a) => a.email),
        ...users.map((u) => u.email),
        ...subsidiaries.map((s) => s.name),
      ].filter((t): t is string => typeof t === 'string' && t.length >= 6),
    );
  };
  const mine = await texts(companyId);
  const theirs = await texts(otherId);
  // A user in both companies (multi@demo.test) is no leak.
  return [...mine].filter((t) => ![...theirs].some((o) => o.includes(t) || t.includes(o)));
}
