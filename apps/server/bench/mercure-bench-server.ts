// The hub under test, in its own process so that the subscribers and the publisher do not share
// its event loop. Reads the hub's settings from the environment (REDIS_URL, MERCURE_*), prints its
// port, answers `memory` messages with its memory use after a collection (run with --expose-gc),
// and writes a heap snapshot when sent a path ending in `.heapsnapshot` (to see what a stream holds).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeHeapSnapshot } from 'node:v8';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/platform/config/config.ts';
import { createDatabase } from '../src/platform/db/database.ts';
import { migrate } from '../src/platform/db/migrate.ts';

const database = createDatabase('sqlite::memory:');
await migrate(database);
const dataDir = mkdtempSync(path.join(tmpdir(), 'embauche-bench-'));
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  DATABASE_URL: 'sqlite::memory:',
  WEB_DIST_DIR: path.join(dataDir, 'no-web'),
  WORKER_IN_PROCESS: 'false',
});
const app = await buildApp({ config, database });
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`);

process.on('message', (message) => {
  if (typeof message === 'string' && message.endsWith('.heapsnapshot')) {
    globalThis.gc?.();
    writeHeapSnapshot(message);
    process.send!('written');
    return;
  }
  if (message !== 'memory') return;
  for (let i = 0; i < 3; i++) globalThis.gc?.();
  const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
  process.send!({ rss, heapUsed, external, arrayBuffers });
});
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => database.destroy())
    .then(() => process.exit(0));
});
