import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';

/** Copies of applications onto another offer, and the applications they copy; by company. */
export class ApplicationCopiesRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Duplicates applications onto an offer in one transaction. */
  async duplicate(
    companyId: number,
    offerId: number,
    sources: {
      applicant_id: number;
      status_id: number;
      motif_id: number | null;
      jobboard_id: number | null;
      recruited_at: string | null;
    }[],
    keepStatuses: boolean,
  ) {
    const now = new Date().toISOString();
    if (!sources.length) return [];
    return this.db
      .insertInto('applications')
      .values(
        sources.map((s) => ({
          company_id: companyId,
          offer_id: offerId,
          applicant_id: s.applicant_id,
          status_id: keepStatuses ? s.status_id : 1,
          motif_id: keepStatuses ? s.motif_id : null,
          recruited_at: keepStatuses ? s.recruited_at : null,
          jobboard_id: s.jobboard_id,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning(['id', 'applicant_id'])
      .execute();
  }

  /** Latest application of each applicant on the given offers (duplicate's sources). */
  latestOf(companyId: number, applicantIds: number[]) {
    if (!applicantIds.length) return Promise.resolve([]);
    return this.db
      .selectFrom('applications')
      .select([
        'id',
        'applicant_id',
        'offer_id',
        'status_id',
        'motif_id',
        'jobboard_id',
        'recruited_at',
      ])
      .where('company_id', '=', companyId)
      .where('applicant_id', 'in', applicantIds)
      .orderBy('created_at', 'desc')
      .execute();
  }
}
