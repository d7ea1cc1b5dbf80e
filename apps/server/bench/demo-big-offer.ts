// The demo companies and one big offer of Valmont, on a fresh database (the board and select-all
// benches): migrated, the demo seeded (its files under `dir`), then seedBigOffer.
import path from 'node:path';
import { sql } from 'kysely';
import { createDatabase } from '../src/platform/db/database.ts';
import { migrate } from '../src/platform/db/migrate.ts';
import { LocalDiskStorage } from '../src/platform/storage/local-disk-storage.ts';
import { reseedDemo } from '../src/seed/demo-seed.ts';
import { seedBigOffer, type BigOffer, type BigOfferOptions } from './big-offer.ts';

export async function seedDemoBigOffer(
  url: string,
  dir: string,
  schema: string | undefined,
  options: Omit<BigOfferOptions, 'companyId'> & {
    /** Refresh the query planners' statistics afterwards, as after a day's use. */
    analyze?: boolean;
  },
): Promise<BigOffer> {
  const { analyze, ...offer } = options;
  const database = createDatabase(url, schema ? { searchPath: schema } : {});
  try {
    await migrate(database);
    await reseedDemo(database, new LocalDiskStorage(path.join(dir, 'uploads')));
    const company = await database.db
      .selectFrom('companies')
      .select('id')
      .where('slug', '=', 'groupe-valmont')
      .executeTakeFirstOrThrow();
    const seeded = await seedBigOffer(database.db, { ...offer, companyId: company.id });
    if (analyze) await sql`analyze`.execute(database.db);
    return seeded;
  } finally {
    await database.destroy();
  }
}
