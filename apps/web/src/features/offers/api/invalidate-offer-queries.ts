import type { QueryClient } from '@tanstack/react-query';
import { offerDetailBaseKey, offerListBaseKey } from './offer-query-keys.ts';

/** Lists and details reload; `onOffersChanged` lets the screen refresh what other areas show. */
export function invalidateOfferQueries(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: offerListBaseKey }),
    queryClient.invalidateQueries({ queryKey: offerDetailBaseKey }),
  ]).then(() => undefined);
}
