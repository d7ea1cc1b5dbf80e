import { sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from 'kysely';
import type { Dialect } from './database.ts';

/**
 * Column helpers that give the same logical schema on both databases:
 * integer identity keys, timestamptz (PostgreSQL) or ISO text (SQLite), booleans.
 */
export function schemaHelpers(dialect: Dialect) {
  const pg = dialect === 'postgres';
  return {
    /** Adds an integer primary key that the database numbers. */
    id<T extends string>(table: CreateTableBuilder<T>): CreateTableBuilder<T, 'id'> {
      return pg
        ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
        : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
    },
    timestamp: pg ? sql`timestamptz` : sql`text`,
    boolean: 'boolean' as const,
    falseDefault: (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(pg ? sql`false` : sql`0`),
    trueDefault: (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(pg ? sql`true` : sql`1`),
  };
}

export type Migration = {
  name: string;
  up(db: Kysely<unknown>, dialect: Dialect): Promise<void>;
};

/**
 * Statistics for tables whose indexes a migration added, so that the planner weighs them with the
 * others: when the database keeps statistics (SQLite once ANALYZE has run; PostgreSQL always).
 */
export async function analyzeIfKept(db: Kysely<unknown>, dialect: Dialect, tables: string[]) {
  if (dialect === 'sqlite') {
    const kept = await sql<{
      n: number;
    }>`select count(*) as n from sqlite_master where name = 'sqlite_stat1'`.execute(db);
    if (!Number(kept.rows[0]?.n)) return;
  }
  for (const table of tables) await sql`analyze ${sql.table(table)}`.execute(db);
}
