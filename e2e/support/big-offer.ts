import path from 'node:path';
import { seedBigOffer, type StatusDistribution } from '../../apps/server/bench/big-offer.ts';
import { createDatabase } from '../../apps/server/src/platform/db/database.ts';

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
