import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './platform/config/config.ts';
import { createDatabase } from './platform/db/database.ts';
import { migrate } from './platform/db/migrate.ts';
import { createStorage } from './platform/storage/create-storage.ts';
import { printDemoAccounts, seedDemoIfEmpty } from './seed/demo-seed.ts';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const database = createDatabase(config.databaseUrl);
  if (config.migrateOnStart) await migrate(database);
  const storage = createStorage(config.storage);
  if (config.seedDemo && (await seedDemoIfEmpty(database, storage))) printDemoAccounts();
  const app = await buildApp({ config, database, storage });

  if (config.workerInProcess) app.worker.start();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.worker.stop();
    await app.close();
    await database.destroy();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  if (config.seedDemo) console.log(`Embauche is running at http://localhost:${config.port}`);
}

void main();
