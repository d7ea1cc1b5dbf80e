import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../../src/platform/config/config.ts';
import { createDatabase, type Database } from '../../src/platform/db/database.ts';
import { migrate } from '../../src/platform/db/migrate.ts';
import { createStorage } from '../../src/platform/storage/create-storage.ts';
import { reseedDemo } from '../../src/seed/demo-seed.ts';
import { adminQuery, databaseUrl } from './pg-admin.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A SQLite file holding every migration, copied into memory by each test database. */
    sqliteTemplate: string;
    /** A PostgreSQL database holding every migration, the template of each test database. */
    postgresTemplate: string;
    /** The same two with the demo companies seeded (startTestApp's databases). */
    sqliteSeededTemplate: string;
    postgresSeededTemplate: string;
    /** The folder holding the seeded templates' files (the demo CVs), copied by startTestApp. */
    seededFiles: string;
  }
}

/**
 * Migrates once per run instead of once per test database: a migrated SQLite file, and, when
 * TEST_DATABASE_URL is set, a migrated PostgreSQL database that each test file's database is
 * created from (`create database … template …`, a copy of its files). The migrations themselves are
 * still run here, on both databases, and test/migrations.test.ts checks them again.
 *
 * A second template of each holds the demo companies too (seeding took a test app 1.5 to 2.5 s,
 * about half of its start, measured), with their files in one folder that startTestApp copies.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = mkdtempSync(path.join(tmpdir(), 'embauche-template-'));
  const files = path.join(dir, 'data');
  const storage = createStorage(
    loadConfig({ NODE_ENV: 'test', DATA_DIR: files, DATABASE_URL: 'sqlite::memory:' }).storage,
  );
  const seed = (database: Database) => reseedDemo(database, storage);
  project.provide('seededFiles', files);

  for (const [key, seeded] of [
    ['sqliteTemplate', false],
    ['sqliteSeededTemplate', true],
  ] as const) {
    const file = path.join(dir, `${key}.sqlite`);
    const sqlite = createDatabase(`sqlite:${file}`);
    await migrate(sqlite);
    if (seeded) await seed(sqlite);
    // A rollback-journal image: an in-memory copy cannot use a write-ahead log.
    await sql`pragma journal_mode = delete`.execute(sqlite.db);
    await sqlite.destroy();
    project.provide(key, file);
  }

  const pgUrl = process.env.TEST_DATABASE_URL;
  let dropTemplate = async () => {};
  if (pgUrl) {
    const name = `tpl_${randomBytes(6).toString('hex')}`;
    await adminQuery(pgUrl, `create database ${name}`);
    const template = createDatabase(databaseUrl(pgUrl, name));
    try {
      await migrate(template);
    } finally {
      await template.destroy();
    }
    project.provide('postgresTemplate', name);
    const seeded = `${name}_seeded`;
    await adminQuery(pgUrl, `create database ${seeded} template ${name}`);
    const seededDb = createDatabase(databaseUrl(pgUrl, seeded));
    try {
      await seed(seededDb);
    } finally {
      await seededDb.destroy();
    }
    project.provide('postgresSeededTemplate', seeded);
    dropTemplate = async () => {
      await adminQuery(pgUrl, `drop database if exists ${seeded} with (force)`);
      await adminQuery(pgUrl, `drop database if exists ${name} with (force)`);
    };
  }

  return async () => {
    rmSync(dir, { recursive: true, force: true });
    await dropTemplate();
  };
}
