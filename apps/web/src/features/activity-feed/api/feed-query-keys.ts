/** Which feed: an offer's (`offer_id`), or an applicant's (`applicant_id`, narrowed by `offer_id`). */
export type FeedTarget = { offer_id?: number | null; applicant_id?: number | null };

/** `filter[…]` of the list and categories calls (spec 3 "Activity feed comment payload" filters). */
export type FeedFilter = {
  scope_range: string | null;
  category: string[] | null;
  subsidiary: string[] | null;
  status: string[] | null;
};

export const feedBaseKey = ['activity-feed'] as const;

/** Every query of one feed (its pages and its category counts, under any filter). */
export function feedKey(target: FeedTarget) {
  return [...feedBaseKey, { offer_id: target.offer_id ?? null, applicant_id: target.applicant_id ?? null }] as const;
}

/** The target's query parameters: empty ones are left out. */
export function targetQuery(target: FeedTarget) {
  return { offer_id: target.offer_id ?? null, applicant_id: target.applicant_id ?? null };
}
