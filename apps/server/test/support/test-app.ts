import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp, type App, type AppDeps } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/platform/config/config.ts';
import { createDatabase, type Database } from '../../src/platform/db/database.ts';
import { createStorage } from '../../src/platform/storage/create-storage.ts';
import { DEMO_PASSWORD, reseedDemo } from '../../src/seed/demo-seed.ts';
import type { TestDatabase } from './test-databases.ts';

/** `database.url` names the database itself (each PostgreSQL test database is a database of its own). */
export type TestContext = {
  app: App;
  database: Database & { url: string };
  config: Config;
  close(): Promise<void>;
};

/** A server on a fresh database holding the demo companies (two customers, staff, partner). */
export async function startTestApp(
  testDb: TestDatabase,
  env: Record<string, string> = {},
  deps: Partial<Pick<AppDeps, 'summarizer' | 'worker'>> = {},
): Promise<TestContext> {
  // STORAGE_URL in `env` puts the files in a bucket (test/storage-routes.test.ts): seeded there;
  // a DATA_DIR of the test's own is left as it is.
  const seeded = env.STORAGE_URL || env.DATA_DIR ? undefined : await testDb.openSeeded();
  const database = seeded?.database ?? (await testDb.open());
  const dataDir = mkdtempSync(path.join(tmpdir(), 'embauche-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    DATABASE_URL: testDb.url,
    WEB_DIST_DIR: path.join(tmpdir(), 'embauche-no-web'),
    ...env,
  });
  // The demo's files (its CVs) beside a database seeded in the run's template, else seeded now.
  if (seeded && existsSync(seeded.files)) cpSync(seeded.files, dataDir, { recursive: true });
  const storage = createStorage(config.storage);
  if (!seeded) await reseedDemo(database, storage);
  const app = await buildApp({ config, database, storage, ...deps });
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      storage.close?.();
      await database.destroy();
    },
  };
}

/**
 * Another instance of `ctx`'s server, as a second process of one deployment would be: the same
 * configuration, its own pool of connections to the same PostgreSQL database, its own client of
 * the same file store, its own worker, hub and caches. (SQLite in memory cannot be shared.)
 */
export async function startOtherInstance(ctx: TestContext): Promise<TestContext> {
  if (ctx.database.dialect !== 'postgres') throw new Error('a second instance needs PostgreSQL');
  const { url, schema } = ctx.database;
  const database = createDatabase(url, schema ? { searchPath: schema } : {});
  const storage = createStorage(ctx.config.storage);
  const app = await buildApp({ config: ctx.config, database, storage });
  return {
    app,
    database: { ...database, url },
    config: ctx.config,
    async close() {
      await app.close();
      storage.close?.();
      await database.destroy();
    },
  };
}

/** The session cookie of a response, as a `cookie` header value. */
export function sessionCookie(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'embauche_session');
  if (!cookie) throw new Error(`no session cookie (status ${res.statusCode}: ${res.body})`);
  return `embauche_session=${cookie.value}`;
}

/** Signs in a demo account and answers its cookie header. */
export async function signIn(
  app: App,
  email: string,
  password = DEMO_PASSWORD,
  user?: number,
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password, user },
  });
  if (res.statusCode !== 200)
    throw new Error(`sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
  return sessionCookie(res);
}
