import path from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './platform/config/config.ts';
import { createDatabase } from './platform/db/database.ts';
import { migrate } from './platform/db/migrate.ts';
import { copyStorage } from './platform/storage/copy-storage.ts';
import { createStorage } from './platform/storage/create-storage.ts';
import { LocalDiskStorage } from './platform/storage/local-disk-storage.ts';
import { printDemoAccounts, reseedDemo } from './seed/demo-seed.ts';

/**
 * `migrate`: run pending migrations. `seed`: wipe and re-create the demo data. `worker`: run
 * background jobs. `storage-migrate [folder]`: copy the disk store (DATA_DIR/uploads, or the
 * folder) into the bucket STORAGE_URL names.
 */
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
        {
          const storage = createStorage(config.storage);
          try {
            await reseedDemo(database, storage);
          } finally {
            storage.close?.();
          }
        }
        printDemoAccounts();
        break;
      case 'storage-migrate': {
        if (config.storage.kind !== 's3')
          throw new Error(
            'Set STORAGE_URL=s3://bucket/prefix?… to the bucket to copy the files into.',
          );
        const folder = path.resolve(process.argv[3] ?? path.join(config.dataDir, 'uploads'));
        const target = createStorage(config.storage);
        try {
          console.log(
            `Copying ${folder} into s3://${config.storage.bucket}/${config.storage.prefix}`,
          );
          const done = await copyStorage(new LocalDiskStorage(folder), target, (p) =>
            console.log(`  ${p.copied} copied, ${p.skipped} already there`),
          );
          console.log(
            `Done: ${done.copied} files copied (${done.bytes} bytes), ${done.skipped} already there.`,
          );
        } finally {
          target.close?.();
        }
        break;
      }
      case 'worker': {
        // The job worker alone (WORKER_IN_PROCESS=false on the servers); stops on SIGTERM/SIGINT.
        if (config.migrateOnStart) await migrate(database);
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
        throw new Error(
          `Unknown command "${command ?? ''}". Use: migrate | seed | worker | storage-migrate`,
        );
    }
  } finally {
    await database.destroy();
  }
}

run(process.argv[2]).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
