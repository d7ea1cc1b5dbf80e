import { Migrator, type Kysely, type MigrationProvider } from 'kysely';
import type { Database } from './database.ts';
import { migrations } from './migrations/migrations.ts';

/** Runs every pending migration; the same list serves SQLite and PostgreSQL. */
export async function migrate(database: Database): Promise<string[]> {
  const provider: MigrationProvider = {
    async getMigrations() {
      return Object.fromEntries(
        migrations.map((m) => [
          m.name,
          { up: (db: Kysely<unknown>) => m.up(db, database.dialect) },
        ]),
      );
    },
  };
  const migrator = new Migrator({
    db: database.db,
    provider,
    ...(database.schema ? { migrationTableSchema: database.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
