import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../src/platform/db/database.ts';
import { migrations } from '../src/platform/db/migrations/migrations.ts';
import { allTestDatabases, migrateRetrying } from './support/test-databases.ts';

type Shape = Record<string, { columns: Record<string, { nullable: boolean }>; indexes: string[] }>;

async function shapeOf(database: Database): Promise<Shape> {
  const shape: Shape = {};
  const { db } = database;
  if (database.dialect === 'sqlite') {
    const tables = await sql<{
      name: string;
    }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%' and name not like 'applicant_search%'`.execute(
      db,
    );
    for (const { name } of tables.rows) {
      const cols = await sql<{
        name: string;
        notnull: number;
        pk: number;
      }>`select name, "notnull", pk from pragma_table_info(${name})`.execute(db);
      const idx = await sql<{
        name: string;
        origin: string;
      }>`select name, origin from pragma_index_list(${name})`.execute(db);
      shape[name] = {
        columns: Object.fromEntries(
          cols.rows.map((c) => [c.name, { nullable: c.notnull === 0 && c.pk === 0 }]),
        ),
        // `*_sqlite_idx`: an index only SQLite needs, by design (see its migration).
        indexes: idx.rows
          .filter((i) => i.origin === 'c' && !i.name.endsWith('_sqlite_idx'))
          .map((i) => i.name)
          .sort(),
      };
    }
  } else {
    const cols = await sql<{ table_name: string; column_name: string; is_nullable: string }>`
      select table_name, column_name, is_nullable from information_schema.columns
      where table_schema = current_schema() and table_name not like 'kysely_%' and table_name not in ('applicant_search', 'applicant_identity', 'applicant_words')`.execute(
      db,
    );
    for (const c of cols.rows) {
      const t = (shape[c.table_name] ??= { columns: {}, indexes: [] });
      t.columns[c.column_name] = { nullable: c.is_nullable === 'YES' };
    }
    const idx = await sql<{ tablename: string; indexname: string }>`
      select tablename, indexname from pg_indexes where schemaname = current_schema()
      and indexname not like '%_pkey' and indexname not like '%_pk' and indexname not like '%_unique' and indexname not like '%_key' and tablename not in ('applicant_search', 'applicant_identity', 'applicant_words')`.execute(
      db,
    );
    for (const i of idx.rows) shape[i.tablename]?.indexes.push(i.indexname);
    // The search index differs by design: FTS5 on SQLite, tsvector + GIN on PostgreSQL (with
    // the identity words' tables, search-identity.ts and search-words.ts).
    for (const t of Object.values(shape)) t.indexes.sort();
  }
  return shape;
}

describe('migrations', () => {
  it('are named in order and unique', () => {
    const names = migrations.map((m) => m.name);
    expect([...names].sort()).toEqual(names);
    expect(new Set(names).size).toBe(names.length);
  });

  it('give the same schema on every database', async () => {
    const shapes: Shape[] = [];
    // Every database in one file, whatever project runs it: the shapes are compared.
    for (const testDb of allTestDatabases()) {
      const database = await testDb.open();
      try {
        // Already applied by open(): idempotent. Retried like open(): another test file may drop
        // its schema while the migrator lists every schema's tables.
        expect(await migrateRetrying(database)).toEqual([]);
        shapes.push(await shapeOf(database));
      } finally {
        await database.destroy();
      }
    }
    const [first, ...rest] = shapes;
    expect(Object.keys(first!)).toContain('users');
    expect(first!.users!.indexes).toContain('users_email_idx');
    for (const other of rest) expect(other).toEqual(first);
  });
});
