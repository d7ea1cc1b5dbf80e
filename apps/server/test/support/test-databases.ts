import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase, type Database, type Dialect } from '../../src/platform/db/database.ts';
import { migrate } from '../../src/platform/db/migrate.ts';

export type TestDatabase = {
  dialect: Dialect;
  url: string;
  open(): Promise<Database & { url: string }>;
};

/**
 * SQLite always; PostgreSQL too when TEST_DATABASE_URL is set. Each PostgreSQL database lives in a
 * schema of its own, dropped when it is destroyed, so that test files run side by side.
 */
export function testDatabases(): TestDatabase[] {
  const list: TestDatabase[] = [
    {
      dialect: 'sqlite',
      url: 'sqlite::memory:',
      async open() {
        const database = createDatabase('sqlite::memory:');
        await migrate(database);
        return { ...database, url: 'sqlite::memory:' };
      },
    },
  ];
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (pgUrl) {
    list.push({
      dialect: 'postgres',
      url: pgUrl,
      async open() {
        const schema = `t_${randomBytes(6).toString('hex')}`;
        const admin = new pg.Client({ connectionString: pgUrl });
        await admin.connect();
        await admin.query(`create schema ${schema}`);
        await admin.end();
        const database = createDatabase(pgUrl, { searchPath: schema });
        await migrateRetrying(database);
        return {
          ...database,
          url: pgUrl,
          async destroy() {
            await database.destroy();
            const c = new pg.Client({ connectionString: pgUrl });
            await c.connect();
            await c.query(`drop schema ${schema} cascade`);
            await c.end();
          },
        };
      },
    });
  }
  return list;
}

/**
 * Kysely's migrator lists the tables of every schema; another test file dropping its schema at
 * that moment makes the listing fail with "schema … does not exist" (3F000) or "relation …
 * does not exist" (42P01, a table of that schema). Try again.
 */
export async function migrateRetrying(database: Database, attempts = 5): Promise<string[]> {
  for (let i = 1; ; i++) {
    try {
      return await migrate(database);
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (i >= attempts || (code !== '3F000' && code !== '42P01')) throw err;
      await new Promise((r) => setTimeout(r, 50 * i));
    }
  }
}
