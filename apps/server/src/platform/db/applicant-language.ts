import type { Kysely } from 'kysely';
import type { DB } from './schema.ts';

/**
 * The language an applicant wrote to the company in: their latest career-site application's, else
 * their talent-community membership's; null when neither tells (the company's language is used).
 * One rule for every module that writes to an applicant on its own (planner, onboarding).
 */
export async function applicantLanguage(
  db: Kysely<DB>,
  companyId: number,
  applicantId: number,
): Promise<string | null> {
  const row = await db
    .selectFrom('applicants as a')
    .select((eb) =>
      eb.fn
        .coalesce(
          eb
            .selectFrom('career_site_applications as cs')
            .innerJoin('applications as ca', 'ca.id', 'cs.application_id')
            .select('cs.notice_language')
            .where('ca.company_id', '=', companyId)
            .whereRef('ca.applicant_id', '=', 'a.id')
            .orderBy('cs.id', 'desc')
            .limit(1),
          eb
            .selectFrom('community_members as cm')
            .select('cm.language')
            .where('cm.company_id', '=', companyId)
            .whereRef('cm.applicant_id', '=', 'a.id')
            .orderBy('cm.id', 'desc')
            .limit(1),
        )
        .as('language'),
    )
    .where('a.company_id', '=', companyId)
    .where('a.id', '=', applicantId)
    .executeTakeFirst();
  return row?.language ?? null;
}
