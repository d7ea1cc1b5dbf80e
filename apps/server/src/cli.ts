import { loadConfig } from './platform/config/config.ts';
import { createDatabase } from './platform/db/database.ts';
import { migrate } from './platform/db/migrate.ts';
import { printDemoAccounts, reseedDemo } from './seed/demo-seed.ts';

/** `migrate`: run pending migrations. `seed`: wipe and re-create the demo data. */
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
        await reseedDemo(database);
        printDemoAccounts();
        break;
      case 'worker':
        console.log('No background jobs are defined yet; the worker has nothing to run.');
        break;
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
