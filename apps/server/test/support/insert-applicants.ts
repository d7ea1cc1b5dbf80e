import type { Insertable, Kysely } from 'kysely';
import type { ApplicantsTable, DB } from '../../src/platform/db/schema.ts';

/**
 * An applicant to insert: its columns (those left out are null), its dates (now unless given;
 * `updated_at` is `created_at`) and, with `offer_id`, an application on that offer too.
 */
export type NewApplicant = Omit<Insertable<ApplicantsTable>, 'created_at' | 'updated_at'> & {
  created_at?: string;
  /** Also an application of the applicant on this offer, at status 1 and the applicant's date. */
  offer_id?: number;
};

/** The ids of an inserted applicant and of its application (null without `offer_id`). */
export type InsertedApplicant = { applicant: number; application: number | null };

/**
 * Inserts the applicants in one statement and the applications of those with an `offer_id` in
 * another (tests and benches: `db` may be a transaction); answers their ids in the given order.
 */
export async function insertApplicants(
  db: Kysely<DB>,
  rows: readonly NewApplicant[],
): Promise<InsertedApplicant[]> {
  if (!rows.length) return [];
  const now = new Date().toISOString();
  const dated = rows.map(({ offer_id, created_at = now, ...applicant }) => ({
    offer_id,
    applicant: { ...applicant, created_at, updated_at: created_at },
  }));
  const applicants = await db
    .insertInto('applicants')
    .values(dated.map((r) => r.applicant))
    .returning('id')
    .execute();
  const withOffer = dated.flatMap(({ offer_id, applicant }, i) =>
    offer_id === undefined ? [] : [{ offer_id, applicant, id: applicants[i]!.id }],
  );
  const applications = withOffer.length
    ? await db
        .insertInto('applications')
        .values(
          withOffer.map(({ offer_id, applicant, id }) => ({
            company_id: applicant.company_id,
            offer_id,
            applicant_id: id,
            status_id: 1,
            created_at: applicant.created_at,
            updated_at: applicant.created_at,
          })),
        )
        .returning('id')
        .execute()
    : [];
  const applicationOf = new Map(withOffer.map((r, i) => [r.id, applications[i]!.id]));
  return applicants.map(({ id }) => ({
    applicant: id,
    application: applicationOf.get(id) ?? null,
  }));
}
