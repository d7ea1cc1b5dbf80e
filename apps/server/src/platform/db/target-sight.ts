import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { DB } from './schema.ts';

/** What a comment, a notification… is about: an applicant, an offer, or an applicant on an offer. */
export type SightTarget = { applicantId?: number | null; offerId?: number | null };

/**
 * One condition of a target on a user without project.see_all: reaching any of `offerIds` (listed
 * on one of `projectIds`, the offers' projects and the folders above them, or granted one of the
 * offers directly or through a group), or, with `spontaneous`, holding
 * project_application.see_spontaneous.
 */
type Reach = { offerIds: number[]; projectIds: number[]; spontaneous: boolean };

/**
 * Who may open a target, as SQL on `users` rows (DESIGN section 9 "who sees what", the rule of
 * applicant-scope.ts and offer-visibility.ts read from the other side: for every user at once
 * rather than for the one asking). An applicant's condition and an offer's both hold for an
 * applicant narrowed to an offer. `null`: the target is not one of the company's (nobody).
 */
export type TargetSight = { companyId: number; reaches: Reach[] } | null;

/** The role of the `users` row holds the permission. */
export const userHolds = (eb: ExpressionBuilder<DB, 'users'>, permission: string) =>
  eb.exists(
    eb
      .selectFrom('role_permissions as rp')
      .select(sql`1`.as('one'))
      .whereRef('rp.role_id', '=', 'users.role_id')
      .where('rp.permission', '=', permission),
  );

/** The `users` row opens the target (see TargetSight); beside the caller's company condition. */
export function userOpens(
  eb: ExpressionBuilder<DB, 'users'>,
  sight: TargetSight,
): Expression<SqlBool> {
  if (!sight) return sql<SqlBool>`1 = 0`;
  const { companyId } = sight;
  const reach = (r: Reach) => {
    const parts: Expression<SqlBool>[] = [];
    if (r.projectIds.length)
      parts.push(
        eb.exists(
          eb
            .selectFrom('project_users as pu')
            .select(sql`1`.as('one'))
            .whereRef('pu.user_id', '=', 'users.id')
            .where('pu.company_id', '=', companyId)
            .where('pu.project_id', 'in', r.projectIds),
        ),
      );
    if (r.offerIds.length)
      parts.push(
        eb.exists(
          eb
            .selectFrom('offer_users as ou')
            .select(sql`1`.as('one'))
            .whereRef('ou.user_id', '=', 'users.id')
            .where('ou.company_id', '=', companyId)
            .where('ou.offer_id', 'in', r.offerIds),
        ),
        eb.exists(
          eb
            .selectFrom('offer_groups as og')
            .innerJoin('user_group_members as ugm', 'ugm.group_id', 'og.group_id')
            .select(sql`1`.as('one'))
            .whereRef('ugm.user_id', '=', 'users.id')
            .where('og.company_id', '=', companyId)
            .where('og.offer_id', 'in', r.offerIds),
        ),
      );
    if (r.spontaneous) parts.push(userHolds(eb, 'project_application.see_spontaneous'));
    return parts.length ? eb.or(parts) : sql<SqlBool>`1 = 0`;
  };
  return eb.or([userHolds(eb, 'project.see_all'), eb.and(sight.reaches.map(reach))]);
}

/**
 * Reads what a target asks of a user: the offers through which its applicant is seen (and
 * whether a spontaneous application shows it), the offer's projects with the folders above them.
 */
export class TargetSightReader {
  constructor(private readonly db: Kysely<DB>) {}

  async sight(companyId: number, target: SightTarget): Promise<TargetSight> {
    const applicantId = target.applicantId ?? null;
    const offerId = target.offerId ?? null;
    if (applicantId === null && offerId === null) return null;
    const reaches: Reach[] = [];
    let offers: { id: number; project_id: number }[] = [];
    if (applicantId !== null) {
      const applicant = await this.db
        .selectFrom('applicants')
        .select('id')
        .where('company_id', '=', companyId)
        .where('id', '=', applicantId)
        .executeTakeFirst();
      if (!applicant) return null;
      const applications = await this.db
        .selectFrom('applications')
        .leftJoin('offers', (j) =>
          j
            .onRef('offers.id', '=', 'applications.offer_id')
            .on('offers.company_id', '=', companyId),
        )
        .select(['applications.offer_id', 'offers.project_id'])
        .where('applications.company_id', '=', companyId)
        .where('applications.applicant_id', '=', applicantId)
        .execute();
      offers = applications
        .filter((a) => a.offer_id !== null && a.project_id !== null)
        .map((a) => ({ id: a.offer_id!, project_id: a.project_id! }));
      reaches.push({
        offerIds: [],
        projectIds: [],
        spontaneous: applications.some((a) => a.offer_id === null),
      });
    }
    if (offerId !== null) {
      const offer = await this.db
        .selectFrom('offers')
        .select(['id', 'project_id'])
        .where('company_id', '=', companyId)
        .where('id', '=', offerId)
        .executeTakeFirst();
      if (!offer) return null;
      offers.push(offer);
      reaches.push({ offerIds: [], projectIds: [], spontaneous: false });
    }
    const parents = await this.parents(companyId, offers.length > 0);
    const pathOf = (projectId: number) => {
      const path: number[] = [];
      let id: number | null | undefined = projectId;
      while (id !== null && id !== undefined && path.length < 64 && !path.includes(id)) {
        path.push(id);
        id = parents.get(id);
      }
      return path;
    };
    const fill = (reach: Reach, list: { id: number; project_id: number }[]) => {
      reach.offerIds = [...new Set(list.map((o) => o.id))];
      reach.projectIds = [...new Set(list.flatMap((o) => pathOf(o.project_id)))];
    };
    if (applicantId !== null) fill(reaches[0]!, offerId !== null ? offers.slice(0, -1) : offers);
    if (offerId !== null) fill(reaches[reaches.length - 1]!, offers.slice(-1));
    return { companyId, reaches };
  }

  private async parents(companyId: number, needed: boolean) {
    if (!needed) return new Map<number, number | null>();
    const rows = await this.db
      .selectFrom('projects')
      .select(['id', 'parent_id'])
      .where('company_id', '=', companyId)
      .execute();
    return new Map(rows.map((r) => [r.id, r.parent_id]));
  }
}
