import { z } from 'zod';
import { ZOfferListItem } from './offers.ts';
import { zPaged } from './paging.ts';

/** Offers of the home dashboard; alert lists also tell when the alert started. */
export const ZDashboardOffer = ZOfferListItem.extend({
  alert_started_at: z.string().nullable(),
});
export type TDashboardOffer = z.infer<typeof ZDashboardOffer>;

/** Every dashboard list: `GET /dashboard/offers/{latest|favorites|alerts|alerts/untreated}?page&per_page`. */
export const ZDashboardOfferPage = zPaged(ZDashboardOffer);
export type TDashboardOfferPage = z.infer<typeof ZDashboardOfferPage>;

export { DASHBOARD_PAGE_SIZE } from './dashboard-page-size.ts';
