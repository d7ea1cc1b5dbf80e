// The server under test, in its own process so that the load generator does not share its
// event loop. Reads BENCH_URL (database), BENCH_SEARCH_PATH (PostgreSQL schema) and BENCH_DATA_DIR
// (the data directory, when the benchmark stored files; a new temporary one otherwise), prints its
// port. Started by bench-harness.ts `startBenchServer`.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/platform/config/config.ts';
import { createDatabase } from '../src/platform/db/database.ts';

const url = process.env.BENCH_URL!;
const searchPath = process.env.BENCH_SEARCH_PATH;
const database = createDatabase(url, searchPath ? { searchPath } : {});
const dataDir = process.env.BENCH_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'embauche-bench-'));
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  DATABASE_URL: url,
  WEB_DIST_DIR: path.join(dataDir, 'no-web'),
  // Every benchmark calls from one address: the career site's page views are not held back.
  CAREER_SITE_VIEWS_PER_MINUTE: '100000000',
});
const app = await buildApp({ config, database });
// Benchmarks of background work (the users import) run the job worker in the server, as main.ts does.
if (process.env.BENCH_WORKER) app.worker.start();
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`);
process.on('SIGTERM', () => {
  void (process.env.BENCH_WORKER ? app.worker.stop() : Promise.resolve())
    .then(() => app.close())
    .then(() => database.destroy())
    .then(() => process.exit(0));
});
