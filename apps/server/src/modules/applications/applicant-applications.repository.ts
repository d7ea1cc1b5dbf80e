import { sql, type Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import { moveHistoryJobBoard } from '../../platform/db/status-history.ts';

/** One applicant's applications on the applicant screen: how many the user sees, their job board. */
export class ApplicantApplicationsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The applicant's applications on `sight.offers` (null: any offer), and spontaneous ones if `sight.spontaneous`. */
  async applicantApplicationCount(
    companyId: number,
    applicantId: number,
    sight: { offers: number[] | null; spontaneous: boolean },
  ) {
    const row = await this.db
      .selectFrom('applications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('company_id', '=', companyId)
      .where('applicant_id', '=', applicantId)
      .where((eb) =>
        eb.or([
          sight.offers === null
            ? eb('offer_id', 'is not', null)
            : sight.offers.length
              ? eb('offer_id', 'in', sight.offers)
              : sql<boolean>`1 = 0`,
          ...(sight.spontaneous ? [eb('offer_id', 'is', null)] : []),
        ]),
      )
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Sets the applications' job board; their status history and its daily sums follow it. */
  async setJobBoard(companyId: number, ids: number[], jobboardId: number | null) {
    if (!ids.length) return;
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('applications')
        .set({ jobboard_id: jobboardId, updated_at: new Date().toISOString() })
        .where('company_id', '=', companyId)
        .where('id', 'in', ids)
        .execute();
      await moveHistoryJobBoard(trx, companyId, ids, jobboardId);
    });
  }

  idsOfApplicant(companyId: number, applicantId: number) {
    return this.db
      .selectFrom('applications')
      .select('id')
      .where('company_id', '=', companyId)
      .where('applicant_id', '=', applicantId)
      .execute();
  }
}
