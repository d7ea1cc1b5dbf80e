import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import { recordStatusChanges } from '../../platform/db/status-history.ts';

/** Copies of applications onto another offer, and the applications they copy; by company. */
export class ApplicationCopiesRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * Duplicates applications onto an offer in one transaction, with their arrival in the status
   * history (at the kept status: a copy starts there).
   */
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
    actorId: number | null = null,
  ) {
    const now = new Date().toISOString();
    if (!sources.length) return [];
    const values = sources.map((s) => ({
      company_id: companyId,
      offer_id: offerId,
      applicant_id: s.applicant_id,
      status_id: keepStatuses ? s.status_id : 1,
      motif_id: keepStatuses ? s.motif_id : null,
      recruited_at: keepStatuses ? s.recruited_at : null,
      jobboard_id: s.jobboard_id,
      created_at: now,
      updated_at: now,
    }));
    return this.db.transaction().execute(async (trx) => {
      const rows = await trx
        .insertInto('applications')
        .values(values)
        .returning(['id', 'applicant_id', 'status_id', 'motif_id', 'jobboard_id'])
        .execute();
      await recordStatusChanges(
        trx,
        rows.map((r) => ({
          companyId,
          applicationId: r.id,
          offerId,
          jobboardId: r.jobboard_id,
          appliedAt: now,
          fromStatusId: null,
          toStatusId: r.status_id,
          motifId: r.motif_id,
          actorId,
          at: now,
          enteredFromAt: null,
        })),
      );
      return rows.map((r) => ({ id: r.id, applicant_id: r.applicant_id }));
    });
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
