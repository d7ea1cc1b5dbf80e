import { sql, type ExpressionBuilder } from 'kysely';
import { reachableOffer, type OfferSight } from '../../platform/db/offer-visibility.ts';
import type { DB } from '../../platform/db/schema.ts';

/**
 * Who reads a feed: a user of the company (with their subsidiary), or an outsider holding a shared
 * link (identified by the share, not by a user).
 */
export type FeedViewer =
  | { type: 'user'; userId: number; subsidiaryId: number | null; administrator: boolean }
  | { type: 'outsider'; shareKey: string; name: string };

/**
 * One feed as one viewer reads it: an offer's (`offerId`), or an applicant's (`applicantId`,
 * narrowed to an offer by `offerId`). `reach`: the offers the user reaches, when some of the feed's
 * entries may lie on others (an applicant's feed read without project.see_all); null otherwise.
 */
export type FeedScope = {
  companyId: number;
  offerId?: number;
  applicantId?: number;
  viewer: FeedViewer;
  reach: OfferSight | null;
};

type EntriesEb = ExpressionBuilder<DB, 'activity_feed_entries'>;

/**
 * Whether the viewer sees a thread's first entry (replies follow their thread): a public entry;
 * or a private comment of theirs, or one whose audience names them or their subsidiary. An
 * outsider sees public comments only, never the product's events. Runs in SQL, on every read.
 */
export function visibleToViewer(eb: EntriesEb, viewer: FeedViewer) {
  const entryId = eb.ref('activity_feed_entries.id');
  if (viewer.type === 'outsider') {
    return eb.and([
      eb('activity_feed_entries.is_private', '=', false),
      eb('activity_feed_entries.kind', '=', 'comment'),
    ]);
  }
  return eb.or([
    eb('activity_feed_entries.is_private', '=', false),
    eb('activity_feed_entries.author_user_id', '=', viewer.userId),
    eb.exists(
      eb
        .selectFrom('activity_feed_audience_users as au')
        .select(sql`1`.as('one'))
        .whereRef('au.entry_id', '=', entryId)
        .where('au.user_id', '=', viewer.userId),
    ),
    ...(viewer.subsidiaryId !== null
      ? [
          eb.exists(
            eb
              .selectFrom('activity_feed_audience_subsidiaries as asub')
              .select(sql`1`.as('one'))
              .whereRef('asub.entry_id', '=', entryId)
              .where('asub.subsidiary_id', '=', viewer.subsidiaryId),
          ),
        ]
      : []),
  ]);
}

/** The feed's own entries: its company, its offer and/or applicant, offers the user reaches. */
export function inFeed(eb: EntriesEb, scope: FeedScope) {
  const conditions = [eb('activity_feed_entries.company_id', '=', scope.companyId)];
  if (scope.applicantId !== undefined)
    conditions.push(eb('activity_feed_entries.applicant_id', '=', scope.applicantId));
  if (scope.offerId !== undefined)
    conditions.push(eb('activity_feed_entries.offer_id', '=', scope.offerId));
  if (scope.reach && scope.offerId === undefined) conditions.push(onReachedOffer(eb, scope.reach));
  return eb.and(conditions);
}

/** An entry on no offer (the applicant's own), or on an offer the user reaches. */
function onReachedOffer(eb: EntriesEb, reach: OfferSight) {
  return eb.or([
    eb('activity_feed_entries.offer_id', 'is', null),
    eb(
      'activity_feed_entries.offer_id',
      'in',
      eb
        .selectFrom('offers')
        .select('offers.id')
        .where('offers.company_id', '=', reach.companyId)
        .where((o) => reachableOffer(o, reach)),
    ),
  ]);
}
