import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../../src/platform/db/database.ts';
import { migrate } from '../../src/platform/db/migrate.ts';
import { adminQuery, databaseUrl } from './pg-admin.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A SQLite file holding every migration, copied into memory by each test database. */
    sqliteTemplate: string;
    /** A PostgreSQL database holding every migration, the template of each test database. */
    postgresTemplate: string;
  }
}

/**
 * Migrates once per run instead of once per test database: a migrated SQLite file, and, when
 * TEST_DATABASE_URL is set, a migrated PostgreSQL database that each test file's database is
 * created from (`create database … template …`, a copy of its files). The migrations themselves are
 * still run here, on both databases, and test/migrations.test.ts checks them again.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = mkdtempSync(path.join(tmpdir(), 'embauche-template-'));
  const file = path.join(dir, 'template.sqlite');
  const sqlite = createDatabase(`sqlite:${file}`);
  await migrate(sqlite);
  // A rollback-journal image: an in-memory copy cannot use a write-ahead log.
  await sql`pragma journal_mode = delete`.execute(sqlite.db);
  await sqlite.destroy();
  project.provide('sqliteTemplate', file);

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
    dropTemplate = () => adminQuery(pgUrl, `drop database if exists ${name} with (force)`);
  }

  return async () => {
    rmSync(dir, { recursive: true, force: true });
    await dropTemplate();
  };
}
