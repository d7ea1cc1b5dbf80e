import type { ExpressionBuilder } from 'kysely';
import type { DB } from './schema.ts';

/** Whose sight of offers: the company, the user, and the projects they see (DESIGN section 9). */
export type OfferSight = { companyId: number; userId: number; visibleProjects: number[] };

type OffersEb = ExpressionBuilder<DB, 'offers'>;

/** `offers.id` among the offers granted to the user directly (`offer_users`). */
export function directAccess(eb: OffersEb, s: Omit<OfferSight, 'visibleProjects'>) {
  return eb(
    'offers.id',
    'in',
    eb
      .selectFrom('offer_users')
      .select('offer_users.offer_id')
      .where('offer_users.company_id', '=', s.companyId)
      .where('offer_users.user_id', '=', s.userId),
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
