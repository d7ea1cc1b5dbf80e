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
