/** Base keys of the offer queries; mutations invalidate through them. */
export const offerListBaseKey = ['offers', 'list'] as const;
export const offerDetailBaseKey = ['offers', 'detail'] as const;
