import { OFFER_ACTION_FAILURES, type OfferActionFailure } from '@embauche/contracts/offers';

/** A 409 on a single action carries the failure reason as its `code`. */
export function failureReason(code: string | undefined): OfferActionFailure | null {
  return code && (OFFER_ACTION_FAILURES as readonly string[]).includes(code) ? (code as OfferActionFailure) : null;
}
