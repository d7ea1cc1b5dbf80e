import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';

/**
 * Reads the consent rows of applications sent from the career site (`career_site_applications`,
 * written by the apply form) for the applicant screen. Every query takes the company id. The
 * client address is not selected: it is kept as proof, never shown.
 */
export class CareerSiteAnswersRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The rows of those of `applicationIds` that came from the site. */
  ofApplications(companyId: number, applicationIds: readonly number[]) {
    if (!applicationIds.length) return Promise.resolve([]);
    return this.db
      .selectFrom('career_site_applications')
      .select(['application_id', 'notice_language', 'notice_version', 'consented_at', 'answers'])
      .where('company_id', '=', companyId)
      .where('application_id', 'in', [...applicationIds])
      .execute();
  }
}
