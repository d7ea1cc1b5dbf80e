import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import type { Trx } from './planner.repository.ts';

/** Booking links' SQL: a link is found by its token's hash only. */
export class BookingRepository {
  constructor(readonly db: Kysely<DB>) {}

  byHash(tokenHash: string, db: Trx = this.db) {
    return db
      .selectFrom('booking_links as b')
      .innerJoin('applicants as p', 'p.id', 'b.applicant_id')
      .leftJoin('appointments as a', 'a.id', 'b.appointment_id')
      .leftJoin('applications as ap', 'ap.id', 'b.application_id')
      .leftJoin('offers as o', 'o.id', 'ap.offer_id')
      .selectAll('b')
      .select([
        'p.firstname',
        'p.lastname',
        'p.email',
        'p.email_blocked',
        'a.status as appointment_status',
        'a.start_at as appointment_start',
        'a.end_at as appointment_end',
        'ap.offer_id',
        'o.job_position as offer_title',
      ])
      .where('b.token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  async insert(
    trx: Trx,
    row: {
      company_id: number;
      template_id: number;
      applicant_id: number;
      application_id: number | null;
      token_hash: string;
      language: string;
      expires_at: string;
      created_by: number;
      created_at: string;
    },
  ): Promise<number> {
    const r = await trx
      .insertInto('booking_links')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  }

  /**
   * Points the link at a new appointment when it still points at `expected` (null, or the
   * cancelled one): false when another request booked with the link meanwhile.
   */
  async attach(trx: Trx, linkId: number, expected: number | null, appointmentId: number) {
    let q = trx
      .updateTable('booking_links')
      .set({ appointment_id: appointmentId })
      .where('id', '=', linkId);
    q =
      expected === null
        ? q.where('appointment_id', 'is', null)
        : q.where('appointment_id', '=', expected);
    const r = await q.executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  hasFeature(companyId: number, feature: string) {
    return this.db
      .selectFrom('company_features')
      .select('feature')
      .where('company_id', '=', companyId)
      .where('feature', '=', feature)
      .executeTakeFirst()
      .then((r) => r !== undefined);
  }

  applications(companyId: number, ids: number[]) {
    if (!ids.length) return Promise.resolve([]);
    return this.db
      .selectFrom('applications as ap')
      .innerJoin('applicants as p', 'p.id', 'ap.applicant_id')
      .leftJoin('offers as o', 'o.id', 'ap.offer_id')
      .select([
        'ap.id',
        'ap.applicant_id',
        'ap.offer_id',
        'o.job_position as offer_title',
        'p.firstname',
        'p.lastname',
        'p.email',
        'p.email_blocked',
        'p.phone',
      ])
      .where('ap.company_id', '=', companyId)
      .where('ap.id', 'in', ids)
      .execute();
  }
}
