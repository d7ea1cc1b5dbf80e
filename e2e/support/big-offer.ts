import path from 'node:path';
import { seedBigOffer, type StatusDistribution } from '../../apps/server/bench/big-offer.ts';
import { createDatabase } from '../../apps/server/src/platform/db/database.ts';
import { LocalDiskStorage } from '../../apps/server/src/platform/storage/local-disk-storage.ts';

export type SeededOffer = { projectId: number; offerId: number; jobPosition: string };

/**
 * Seeds an offer with thousands of applications (issue 42) straight into the running e2e server's
 * SQLite database, in a new project of the company of `email`, through the server's own seeding
 * code (apps/server/bench/big-offer.ts: the same tables, triggers and counters as the bench and the
 * server's big-offer tests). A few seconds for a few thousand rows, where the API would take minutes.
 */
export async function seedBigOfferFor(dataDir: string, email: string, applications: number, distribution: StatusDistribution): Promise<SeededOffer> {
  const database = createDatabase(`sqlite:${path.join(dataDir, 'embauche.sqlite')}`);
  try {
    const user = await database.db.selectFrom('users').select('company_id').where('email', '=', email).executeTakeFirstOrThrow();
    const { projectId, offerId } = await seedBigOffer(database.db, { companyId: user.company_id, applications, distribution });
    return { projectId, offerId, jobPosition: `Saisonnier ${applications}` };
  } finally {
    await database.destroy();
  }
}

/**
 * Gives a CV (a short text file in the server's storage, DATA_DIR/uploads) to the applicants of the
 * offer's applications, all but every `skipEvery`-th in id order; answers how many got one.
 */
export async function giveCvsFor(dataDir: string, offerId: number, skipEvery: number): Promise<number> {
  const database = createDatabase(`sqlite:${path.join(dataDir, 'embauche.sqlite')}`);
  const storage = new LocalDiskStorage(path.join(dataDir, 'uploads'));
  try {
    const rows = await database.db
      .selectFrom('applications')
      .select(['applicant_id', 'company_id'])
      .where('offer_id', '=', offerId)
      .orderBy('id')
      .execute();
    let given = 0;
    for (const [i, row] of rows.entries()) {
      if ((i + 1) % skipEvery === 0) continue;
      const key = `cv/${row.company_id}/e2e-bundle-${row.applicant_id}.txt`;
      await storage.put(key, Buffer.from(`CV ${row.applicant_id}`));
      await database.db
        .updateTable('applicants')
        .set({ cv_key: key, cv_mime: 'text/plain', cv_filename: 'cv.txt' })
        .where('id', '=', Number(row.applicant_id))
        .execute();
      given++;
    }
    return given;
  } finally {
    await database.destroy();
  }
}
