import { sql, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import { reachableOffer } from '../../platform/db/offer-visibility.ts';
import type { DB } from '../../platform/db/schema.ts';

/**
 * Which of the company's applicants a user sees (docs/security.md "Who sees which applicants"):
 * with `project.see_all` every one; otherwise those with an application on an offer the user
 * reaches (an offer of a visible project, or granted directly), and with
 * `project_application.see_spontaneous` those with a spontaneous application.
 */
export type ApplicantScope = {
  companyId: number;
  userId: number;
  /** Projects the user sees; null with project.see_all (every applicant of the company). */
  visibleProjects: number[] | null;
  spontaneous: boolean;
};

export function applicantScope(
  auth: AuthContext,
  visibleProjects: number[] | null,
): ApplicantScope {
  return {
    companyId: auth.companyId,
    userId: auth.userId,
    visibleProjects,
    spontaneous: auth.permissions.has('project_application.see_spontaneous'),
  };
}

/** The scope as a condition on `applicants.id`, always beside the caller's company condition. */
export function visibleApplicant(eb: ExpressionBuilder<DB, 'applicants'>, s: ApplicantScope) {
  if (s.visibleProjects === null) return sql<SqlBool>`1 = 1`;
  const sight = { ...s, visibleProjects: s.visibleProjects };
  const offers = eb
    .selectFrom('offers')
    .select('offers.id')
    .where('offers.company_id', '=', s.companyId)
    .where((o) => reachableOffer(o, sight));
  return eb(
    'applicants.id',
    'in',
    eb
      .selectFrom('applications')
      .select('applications.applicant_id')
      .where('applications.company_id', '=', s.companyId)
      .where((a) =>
        a.or([
          a('applications.offer_id', 'in', offers),
          ...(s.spontaneous ? [a('applications.offer_id', 'is', null)] : []),
        ]),
      ),
  );
}
