import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const INCLUDE = ['src/**/*.test.ts', 'test/**/*.test.ts'];

/** A test file that runs its tests once per database (`for (const testDb of testDatabases())`…). */
const LOOPS_OVER_DATABASES =
  /(of |\.each\()testDatabases\(\)\)|testDatabases\(\)\.(map|find|filter)\(/;

/** The test files that loop over the databases: the PostgreSQL project runs these. */
function filesOnEveryDatabase(): string[] {
  const root = import.meta.dirname;
  return ['src', 'test']
    .flatMap((dir) =>
      readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' }).map((file) =>
        path.join(dir, file),
      ),
    )
    .filter((file) => file.endsWith('.test.ts'))
    .filter((file) => LOOPS_OVER_DATABASES.test(readFileSync(path.join(root, file), 'utf8')));
}

export default defineConfig({
  test: {
    // Projects extend this config, arrays included: the root includes only when there are none.
    ...(process.env.TEST_DATABASE_URL ? {} : { include: INCLUDE }),
    environment: 'node',
    // Migrates once per run; each test database starts as a copy (test/support/global-setup.ts).
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // argon2 and migrations are CPU-bound: two cores, two workers.
    maxWorkers: 2,
    // With TEST_DATABASE_URL, the files that loop over the databases run twice, as two projects
    // (TEST_DIALECT narrows testDatabases() to one), so that a big file's SQLite and PostgreSQL
    // halves share the two workers instead of running one after the other; every other file runs
    // once, in the SQLite project, as before.
    projects: process.env.TEST_DATABASE_URL
      ? [
          {
            extends: true,
            test: { name: 'sqlite', include: INCLUDE, env: { TEST_DIALECT: 'sqlite' } },
          },
          {
            extends: true,
            test: {
              name: 'postgres',
              include: filesOnEveryDatabase(),
              env: { TEST_DIALECT: 'postgres' },
            },
          },
        ]
      : undefined,
  },
});
