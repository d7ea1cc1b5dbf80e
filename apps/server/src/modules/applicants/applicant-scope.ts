import {
  expressionBuilder,
  sql,
  type Expression,
  type ExpressionBuilder,
  type SqlBool,
} from 'kysely';
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

/** The company's applications through which a limited scope sees their applicant. */
function seeingApplications(s: ApplicantScope & { visibleProjects: number[] }) {
  const eb = expressionBuilder<DB, never>();
  const offers = eb
    .selectFrom('offers')
    .select('offers.id')
    .where('offers.company_id', '=', s.companyId)
    .where((o) => reachableOffer(o, s));
  return eb
    .selectFrom('applications')
    .where('applications.company_id', '=', s.companyId)
    .where((a) =>
      a.or([
        a('applications.offer_id', 'in', offers),
        ...(s.spontaneous ? [a('applications.offer_id', 'is', null)] : []),
      ]),
    );
}

/** The scope as a condition on `applicants.id`, always beside the caller's company condition. */
export function visibleApplicant(eb: ExpressionBuilder<DB, 'applicants'>, s: ApplicantScope) {
  if (s.visibleProjects === null) return sql<SqlBool>`1 = 1`;
  const sight = { ...s, visibleProjects: s.visibleProjects };
  return eb('applicants.id', 'in', seeingApplications(sight).select('applications.applicant_id'));
}

/**
 * The same rule as `visibleApplicant`, on an applicant id held by another table (`ref`, e.g. a
 * recruitment list's entry), written as a probe per row (`exists` on the index of migration 0015)
 * rather than a set of every applicant the scope sees: for paging through, or counting, a few
 * thousand rows of a company of millions of applications. Beside the caller's company condition.
 */
export function seesApplicantId(
  ref: Expression<number | null>,
  s: ApplicantScope,
): Expression<SqlBool> {
  if (s.visibleProjects === null) return sql<SqlBool>`1 = 1`;
  const sight = { ...s, visibleProjects: s.visibleProjects };
  return expressionBuilder<DB, never>().exists(
    seeingApplications(sight)
      .select('applications.id')
      .where((a) => a(a.ref('applications.applicant_id'), '=', ref)),
  );
}
