import path from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './platform/config/config.ts';
import { createDatabase } from './platform/db/database.ts';
import { migrate } from './platform/db/migrate.ts';
import { LocalDiskStorage } from './platform/storage/storage.ts';
import { printDemoAccounts, reseedDemo } from './seed/demo-seed.ts';

/** `migrate`: run pending migrations. `seed`: wipe and re-create the demo data. `worker`: run background jobs. */
async function run(command: string | undefined): Promise<void> {
  const config = loadConfig();
  const database = createDatabase(config.databaseUrl);
  try {
    switch (command) {
      case 'migrate': {
        const applied = await migrate(database);
        console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
        break;
      }
      case 'seed':
        await migrate(database);
        if (config.env === 'production' && process.env.FORCE !== '1') {
          throw new Error('Refusing to seed demo data in production (set FORCE=1 to insist).');
        }
        await reseedDemo(database, new LocalDiskStorage(path.join(config.dataDir, 'uploads')));
        printDemoAccounts();
        break;
      case 'worker': {
        // The job worker alone (WORKER_IN_PROCESS=false on the servers); stops on SIGTERM/SIGINT.
        await migrate(database);
        const app = await buildApp({ config, database });
        app.worker.start();
        console.log('Job worker running.');
        await new Promise<void>((resolve) => {
          process.once('SIGTERM', resolve);
          process.once('SIGINT', resolve);
        });
        await app.worker.stop();
        await app.close();
        break;
      }
      default:
        throw new Error(`Unknown command "${command ?? ''}". Use: migrate | seed | worker`);
    }
  } finally {
    await database.destroy();
  }
}

run(process.argv[2]).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
