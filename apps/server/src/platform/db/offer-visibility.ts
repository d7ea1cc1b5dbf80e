import type { ExpressionBuilder } from 'kysely';
import type { DB } from './schema.ts';

/** Whose sight of offers: the company, the user, and the projects they see (DESIGN section 9). */
export type OfferSight = { companyId: number; userId: number; visibleProjects: number[] };

type OffersEb = ExpressionBuilder<DB, 'offers'>;

/**
 * `offers.id` among the offers granted to the user directly (`offer_users`) or to a group they
 * belong to (`offer_groups`, migration 0030): a member reaches the offer exactly as a user granted
 * it. Membership is read here on every request, so leaving the group (or the group's deletion)
 * ends the access on the next request.
 */
export function directAccess(eb: OffersEb, s: Omit<OfferSight, 'visibleProjects'>) {
  return eb(
    'offers.id',
    'in',
    eb
      .selectFrom('offer_users')
      .select('offer_users.offer_id')
      .where('offer_users.company_id', '=', s.companyId)
      .where('offer_users.user_id', '=', s.userId)
      .union(
        eb
          .selectFrom('user_group_members as ugm')
          .innerJoin('offer_groups as og', 'og.group_id', 'ugm.group_id')
          .select('og.offer_id')
          .where('ugm.user_id', '=', s.userId)
          .where('og.company_id', '=', s.companyId),
      ),
  );
}

/**
 * An offer a user without project.see_all reaches: one of a project they see, or granted to them
 * directly. The one rule for offer lists and for the applicants seen through their applications.
 */
export function reachableOffer(eb: OffersEb, s: OfferSight) {
  return s.visibleProjects.length
    ? eb.or([eb('offers.project_id', 'in', s.visibleProjects), directAccess(eb, s)])
    : directAccess(eb, s);
}
