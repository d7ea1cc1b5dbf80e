import { CLOSING_SOON_DAYS } from '@embauche/contracts/offers';
import type { TDashboardOffer, TDashboardOfferPage } from '@embauche/contracts/dashboard';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import type { OffersService } from '../offers/offers.service.ts';
import { pageOf } from '../../platform/http/list-query.ts';

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

  /**
   * Alerts, latest start first. The first cause (an application still `new` past the delay) is
   * counted and paged on the counters' index, newest first, reading only as many rows as the page
   * needs; the second (closing within a week) is a handful of offers, merged in here.
   */
  async alerts(
    auth: AuthContext,
    p: DashboardPage,
    onlyUntreated: boolean,
  ): Promise<TDashboardOfferPage> {
    const ctx = await this.offers.context(auth, false);
    const lists = this.offers.lists;
    const source = this.offers.visibility(ctx.scope);
    const delayMs = ctx.delayDays * DAY_MS;
    const untreatedAfter = onlyUntreated ? ctx.delayDays : undefined;
    const offset = (p.page - 1) * p.perPage;
    const closing = await lists.closingSoon(source, ctx.window);
    const [walked, counted] = await Promise.all([
      // Enough rows for the page even when the closing offers among them are set aside.
      lists.counterAlertsPage(
        source,
        ctx.window,
        offset + p.perPage + closing.length,
        untreatedAfter,
      ),
      lists.counterAlertsCount(source, ctx.window, untreatedAfter),
    ]);
    const oldestStart = (oldest: string | null) => {
      if (!oldest) return NaN;
      const at = new Date(oldest);
      return at.toISOString() <= ctx.window.cutoff ? at.getTime() + delayMs : NaN;
    };
    // The closing offers, with both causes: the alert starts with the first one.
    let overlap = 0;
    const soon: Alert[] = [];
    for (const c of closing) {
      const byCounter = oldestStart(c.oldest_new_at);
      const seen = c.last_seen_at ? Date.parse(String(c.last_seen_at)) : null;
      // Already counted with the first cause (untreated by its rule, when asked).
      if (!Number.isNaN(byCounter) && (!onlyUntreated || seen === null || seen < byCounter))
        overlap++;
      const byClosing = Date.parse(`${c.closing_date}T00:00:00Z`) - CLOSING_SOON_DAYS * DAY_MS;
      const start = Number.isNaN(byCounter) ? byClosing : Math.min(byCounter, byClosing);
      if (!onlyUntreated || seen === null || seen < start) soon.push({ id: c.id, start });
    }
    const closingIds = new Set(closing.map((c) => c.id));
    const alerts = walked
      .filter((a) => !closingIds.has(a.id))
      .map((a) => ({
        id: a.id,
        start: Date.parse(new Date(a.oldest_new_at).toISOString()) + delayMs,
      }))
      .concat(soon)
      .sort((a, b) => b.start - a.start || b.id - a.id);
    const total = counted - overlap + soon.length;
    const slice = alerts.slice(offset, offset + p.perPage);
    const rows = await lists.byIds(
      source,
      slice.map((a) => a.id),
    );
    const byId = new Map((await this.offers.items(ctx, rows)).map((o) => [o.id, o]));
    const data: TDashboardOffer[] = slice.flatMap((a) => {
      const item = byId.get(a.id);
      return item
        ? [{ ...item, alert_started_at: new Date(Math.max(a.start, 0)).toISOString() }]
        : [];
    });
    return pageOf(data, p.page, p.perPage, total);
  }
}

type Alert = { id: number; start: number };
