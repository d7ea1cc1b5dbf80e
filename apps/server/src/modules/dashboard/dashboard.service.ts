import { CLOSING_SOON_DAYS } from '@embauche/contracts/offers';
import type { TDashboardOffer, TDashboardOfferPage } from '@embauche/contracts/dashboard';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import type { OffersService } from '../offers/offers.service.ts';

const DAY_MS = 86_400_000;

export type DashboardPage = { page: number; perPage: number };

/**
 * The home dashboard (spec section 2 "Dashboard of offers"). An alert starts when its first cause
 * does: the oldest `new` application plus the company's delay, or 7 days before the closing day.
 * It is untreated while nobody has opened the offer since it started.
 */
export class DashboardService {
  constructor(private readonly offers: OffersService) {}

  async latest(auth: AuthContext, p: DashboardPage): Promise<TDashboardOfferPage> {
    return this.listed(auth, 'all', p);
  }

  async favorites(auth: AuthContext, p: DashboardPage): Promise<TDashboardOfferPage> {
    return this.listed(auth, 'favorites', p);
  }

  private async listed(auth: AuthContext, ref: 'all' | 'favorites', p: DashboardPage) {
    const ctx = await this.offers.context(auth, false);
    const page = await this.offers.lists.page(
      this.offers.source(ctx.scope, ref),
      { window: ctx.window },
      { field: 'created_at', direction: 'desc' },
      p.page,
      p.perPage,
    );
    const items = await this.offers.items(ctx, page.data);
    return { ...page, data: items.map((o) => ({ ...o, alert_started_at: null })) };
  }

  async alerts(
    auth: AuthContext,
    p: DashboardPage,
    onlyUntreated: boolean,
  ): Promise<TDashboardOfferPage> {
    const ctx = await this.offers.context(auth, false);
    const delayMs = ctx.delayDays * DAY_MS;
    const candidates = await this.offers.lists.alertCandidates(
      this.offers.visibility(ctx.scope),
      ctx.window,
    );
    // Alerts are few next to offers: their start is worked out here, then one page is loaded.
    const alerts = candidates
      .map((c) => {
        const starts: number[] = [];
        const oldest = c.oldest_new_at ? Date.parse(String(c.oldest_new_at)) : NaN;
        if (!Number.isNaN(oldest) && oldest + delayMs <= Date.now()) starts.push(oldest + delayMs);
        if (
          c.closing_date &&
          c.closing_date >= ctx.window.today &&
          c.closing_date <= ctx.window.soon
        ) {
          starts.push(Date.parse(`${c.closing_date}T00:00:00Z`) - CLOSING_SOON_DAYS * DAY_MS);
        }
        const start = Math.min(...starts);
        const seen = c.last_seen_at ? Date.parse(String(c.last_seen_at)) : null;
        return { id: c.id, start, untreated: seen === null || seen < start };
      })
      .filter((a) => Number.isFinite(a.start) && (!onlyUntreated || a.untreated))
      .sort((a, b) => b.start - a.start || b.id - a.id);
    const total = alerts.length;
    const slice = alerts.slice((p.page - 1) * p.perPage, p.page * p.perPage);
    const rows = await this.offers.lists.byIds(
      this.offers.visibility(ctx.scope),
      slice.map((a) => a.id),
    );
    const byId = new Map((await this.offers.items(ctx, rows)).map((o) => [o.id, o]));
    const data: TDashboardOffer[] = slice.flatMap((a) => {
      const item = byId.get(a.id);
      return item
        ? [{ ...item, alert_started_at: new Date(Math.max(a.start, 0)).toISOString() }]
        : [];
    });
    return {
      data,
      current_page: p.page,
      last_page: Math.max(1, Math.ceil(total / p.perPage)),
      per_page: p.perPage,
      total,
    };
  }
}
