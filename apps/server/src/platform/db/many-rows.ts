import type SQLite from 'better-sqlite3';
import type { Compilable, Kysely } from 'kysely';
import type { DB } from './schema.ts';

/** The better-sqlite3 handle behind each SQLite Kysely instance (database.ts registers it). */
const handles = new WeakMap<Kysely<DB>, SQLite.Database>();

export function registerSqliteHandle(db: Kysely<DB>, sqlite: SQLite.Database): void {
  handles.set(db, sqlite);
}

/**
 * The rows of a large read (thousands of rows: an offer's whole board). On SQLite each row comes
 * from better-sqlite3 as an array and becomes an object here: its own row objects, built key by key
 * through V8's API, cost twice as much (5,000 rows of 16 columns at a million applications: 30 →
 * 22 ms for the read). Through a transaction, another wrapper or PostgreSQL: the query as usual.
 */
export async function manyRows<O>(
  db: Kysely<DB>,
  query: Compilable<O> & { execute(): Promise<O[]> },
): Promise<O[]> {
  const sqlite = handles.get(db);
  if (!sqlite) return query.execute();
  const { sql, parameters } = query.compile();
  // The statement cache (database.ts) shares the statement with Kysely: raw mode only for this call.
  const statement = sqlite.prepare(sql);
  let arrays: unknown[][];
  try {
    arrays = statement.raw(true).all(...(parameters as unknown[])) as unknown[][];
  } finally {
    statement.raw(false);
  }
  const names = statement.columns().map((c) => c.name);
  const rows = new Array<O>(arrays.length);
  for (let i = 0; i < arrays.length; i++) {
    const values = arrays[i]!;
    const row: Record<string, unknown> = {};
    for (let c = 0; c < names.length; c++) row[names[c]!] = values[c];
    rows[i] = row as O;
  }
  return rows;
}
