/**
 * Runs the reference implementation's public conformance suite (dunglas/mercure,
 * `conformance-tests/mercure.spec.ts`, Playwright in a browser) against this server's hub:
 *
 *     npm run conformance:mercure -w apps/server
 *
 * The suite is not vendored (AGPL, and it is theirs): it is read from MERCURE_CONFORMANCE_SPEC
 * (a path), else downloaded at the pinned commit below, which needs the network; hence not part
 * of `npm test`. The server starts from the sources on a fresh SQLite database with the suite's
 * expectations: its publisher key, its token's issuer and audience (`https://localhost`). The
 * browser is Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const SUITE_COMMIT = '192faaa';
const SUITE_URL = `https://raw.githubusercontent.com/dunglas/mercure/${SUITE_COMMIT}/conformance-tests/mercure.spec.ts`;
const serverDir = path.resolve(import.meta.dirname, '..');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

async function suiteSource(): Promise<string> {
  const local = process.env.MERCURE_CONFORMANCE_SPEC;
  if (local) return readFile(local, 'utf8');
  const response = await fetch(SUITE_URL);
  if (!response.ok) throw new Error(`cannot download the suite: ${response.status} ${SUITE_URL}`);
  return response.text();
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

async function waitForHealth(base: string, server: ChildProcess): Promise<void> {
  for (let i = 0; i < 120; i++) {
    if (server.exitCode !== null) throw new Error('the server stopped');
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not start');
}

// Inside the package, so that the suite's `@playwright/test` import resolves.
const work = mkdtempSync(path.join(serverDir, '.conformance-'));
const dataDir = mkdtempSync(path.join(tmpdir(), 'embauche-conformance-'));
let server: ChildProcess | undefined;
let status = 1;
try {
  writeFileSync(path.join(work, 'mercure.spec.ts'), await suiteSource());
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  writeFileSync(
    path.join(work, 'playwright.config.ts'),
    `export default {
  testDir: '.',
  outputDir: './results',
  timeout: 10_000,
  workers: 1,
  reporter: 'list',
  use: {
    baseURL: '${base}/.well-known/mercure',
    browserName: 'chromium',
    launchOptions: {
      executablePath: ${JSON.stringify(chromium)},
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
        '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
};
`,
  );
  server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: `sqlite:${path.join(dataDir, 'db.sqlite')}`,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      WORKER_IN_PROCESS: 'false',
      REDIS_URL: process.env.CONFORMANCE_REDIS_URL ?? '',
      MERCURE_PUBLISHER_JWT_KEY: '!ChangeThisMercureHubJWTSecretKey!',
      MERCURE_JWT_ISSUER: 'https://localhost',
      MERCURE_JWT_AUDIENCE: 'https://localhost/.well-known/mercure',
    },
  });
  await waitForHealth(base, server);
  const run = spawn(
    process.execPath,
    [
      createRequire(import.meta.url).resolve('@playwright/test/cli'),
      'test',
      '-c',
      'playwright.config.ts',
    ],
    { cwd: work, stdio: 'inherit', env: { ...process.env, CUSTOM_ID: '1' } },
  );
  status = await new Promise<number>((resolve) => run.on('exit', (code) => resolve(code ?? 1)));
} finally {
  server?.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(status);
