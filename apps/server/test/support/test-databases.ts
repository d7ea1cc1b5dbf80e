import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { createDatabase, type Database, type Dialect } from '../../src/platform/db/database.ts';
import { migrate } from '../../src/platform/db/migrate.ts';
import { adminQuery, databaseUrl } from './pg-admin.ts';

export type TestDatabase = {
  dialect: Dialect;
  url: string;
  open(): Promise<Database & { url: string }>;
  /**
   * A database already holding the demo companies, with the folder of their files to copy; absent
   * outside Vitest's run (no seeded template): open() and seed.
   */
  openSeeded(): Promise<{ database: Database & { url: string }; files: string } | undefined>;
};

/**
 * SQLite always; PostgreSQL too when TEST_DATABASE_URL is set. Both start migrated: a SQLite
 * database is an in-memory copy of the run's migrated file, a PostgreSQL one a database of its own
 * created from the run's migrated template and dropped when it is destroyed, so that test files
 * run side by side (test/support/global-setup.ts). Outside Vitest's run (no template), each
 * PostgreSQL database is a schema of its own, migrated when opened.
 */
export function allTestDatabases(): TestDatabase[] {
  const list: TestDatabase[] = [
    {
      dialect: 'sqlite',
      url: 'sqlite::memory:',
      async open() {
        const image = sqliteImage();
        const database = createDatabase('sqlite::memory:', image ? { image } : {});
        if (!image) await migrate(database);
        return { ...database, url: 'sqlite::memory:' };
      },
      async openSeeded() {
        const file = provided('sqliteSeededTemplate');
        const files = provided('seededFiles');
        if (!file || !files) return undefined;
        seededImage ??= readFileSync(file);
        const database = createDatabase('sqlite::memory:', { image: seededImage });
        return { database: { ...database, url: 'sqlite::memory:' }, files };
      },
    },
  ];
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (pgUrl) {
    list.push({
      dialect: 'postgres',
      url: pgUrl,
      async open() {
        const template = provided('postgresTemplate');
        if (template) return fromTemplate(pgUrl, template);
        const schema = `t_${randomBytes(6).toString('hex')}`;
        await adminQuery(pgUrl, `create schema ${schema}`);
        const database = createDatabase(pgUrl, { searchPath: schema });
        await migrateRetrying(database);
        return {
          ...database,
          url: pgUrl,
          async destroy() {
            await database.destroy();
            await adminQuery(pgUrl, `drop schema ${schema} cascade`);
          },
        };
      },
      async openSeeded() {
        const template = provided('postgresSeededTemplate');
        const files = provided('seededFiles');
        if (!template || !files) return undefined;
        return { database: await fromTemplate(pgUrl, template), files };
      },
    });
  }
  return list;
}

/**
 * The databases a test file runs on: all of them, or only the one TEST_DIALECT names (`sqlite`,
 * `postgres`), to run a file on one database by hand.
 */
export function testDatabases(): TestDatabase[] {
  const only = process.env.TEST_DIALECT;
  const all = allTestDatabases();
  return only ? all.filter((d) => d.dialect === only) : all;
}

/** What the run's global setup provided, or nothing outside Vitest's run. */
function provided(
  key:
    | 'sqliteTemplate'
    | 'postgresTemplate'
    | 'sqliteSeededTemplate'
    | 'postgresSeededTemplate'
    | 'seededFiles',
): string | undefined {
  try {
    return inject(key);
  } catch {
    return undefined;
  }
}

let image: Buffer | undefined;
let seededImage: Buffer | undefined;
function sqliteImage(): Buffer | undefined {
  const file = provided('sqliteTemplate');
  if (file) image ??= readFileSync(file);
  return image;
}

/** A database of its own, a copy of a template (migrated, or seeded too); dropped (connections and all) when destroyed. */
async function fromTemplate(pgUrl: string, template: string): Promise<Database & { url: string }> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  for (let attempt = 1; ; attempt++) {
    try {
      await adminQuery(pgUrl, `create database ${name} template ${template}`);
      break;
    } catch (err) {
      // "source database is being accessed by other users": another file's copy is starting.
      if (attempt >= 20 || (err as { code?: string }).code !== '55006') throw err;
      await new Promise((r) => setTimeout(r, 50 * attempt));
    }
  }
  const url = databaseUrl(pgUrl, name);
  const database = createDatabase(url);
  return {
    ...database,
    url,
    async destroy() {
      await database.destroy();
      await adminQuery(pgUrl, `drop database if exists ${name} with (force)`);
    },
  };
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
