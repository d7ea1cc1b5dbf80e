import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, type Api } from './support/api.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

type Item = {
  id: number;
  archived: boolean;
  in_alert: boolean;
  alert_reasons: string[];
  alert_started_at: string | null;
  is_favorite: boolean;
  created_at: string;
};

describe.each(testDatabases())('dashboard on $dialect', (testDb) => {
  let ctx: TestContext;
  let admin: Api;
  let other: Api;
  let manager: Api;
  beforeAll(async () => {
    ctx = await startTestApp(testDb);
    admin = apiAs(ctx.app, await signIn(ctx.app, 'admin@demo.test'));
    other = apiAs(ctx.app, await signIn(ctx.app, 'admin@other.test'));
    manager = apiAs(ctx.app, await signIn(ctx.app, 'manager@demo.test'));
  });
  afterAll(() => ctx.close());

  it('answers the latest offers, paged by 5', async () => {
    const page = (await admin.get('/api/dashboard/offers/latest')).json();
    expect(page).toMatchObject({ current_page: 1, per_page: 5 });
    expect(page.data).toHaveLength(5);
    const dates = page.data.map((o: Item) => o.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(page.data.every((o: Item) => !o.archived)).toBe(true);
    const next = (await admin.get('/api/dashboard/offers/latest?page=2')).json();
    expect(next.data[0].id).not.toBe(page.data[0].id);
    expect((await admin.get('/api/dashboard/offers/latest?page=0')).statusCode).toBe(422);
    expect((await apiAs(ctx.app).get('/api/dashboard/offers/latest')).statusCode).toBe(401);
  });

  it('answers the favourite offers of the user', async () => {
    const page = (await admin.get('/api/dashboard/offers/favorites?per_page=10')).json();
    expect(page.total).toBe(4);
    expect(page.data.every((o: Item) => o.is_favorite)).toBe(true);
    expect((await manager.get('/api/dashboard/offers/favorites')).json().total).toBe(0);
  });

  it('answers alerts with when they started, latest first', async () => {
    const page = (await admin.get('/api/dashboard/offers/alerts?per_page=100')).json();
    expect(page.total).toBeGreaterThan(0);
    expect(page.data.every((o: Item) => o.in_alert && o.alert_started_at !== null)).toBe(true);
    const reasons = new Set(page.data.flatMap((o: Item) => o.alert_reasons));
    expect(reasons).toEqual(new Set(['untreated_applications', 'closing_soon']));
    const starts = page.data.map((o: Item) => o.alert_started_at);
    expect([...starts].sort().reverse()).toEqual(starts);
    const theirs = (await other.get('/api/dashboard/offers/alerts?per_page=100')).json();
    const mine = new Set(page.data.map((o: Item) => o.id));
    expect(theirs.data.some((o: Item) => mine.has(o.id))).toBe(false);
  });

  it('drops an alert from the untreated ones once someone opens the offer', async () => {
    const untreated = (
      await admin.get('/api/dashboard/offers/alerts/untreated?per_page=100')
    ).json();
    const alerts = (await admin.get('/api/dashboard/offers/alerts?per_page=100')).json();
    expect(untreated.total).toBe(alerts.total);
    const first = untreated.data[0] as Item & { project_id: number };
    await admin.get(`/api/projects/${first.project_id}/offers/${first.id}`);
    const after = (await admin.get('/api/dashboard/offers/alerts/untreated?per_page=100')).json();
    expect(after.total).toBe(untreated.total - 1);
    expect(after.data.map((o: Item) => o.id)).not.toContain(first.id);
    // Opened by a colleague counts too; it stays an alert.
    const still = (await admin.get('/api/dashboard/offers/alerts?per_page=100')).json();
    expect(still.total).toBe(alerts.total);
  });

  it('pages the alerts as one list, in the order and with the starts of the rule', async () => {
    // Someone opens an offer that closes soon and has old applications (both causes), and one
    // in alert by its applications only: each leaves the untreated ones by its own start.
    const company = (await admin.get('/api/me')).json().company_id as number;
    const { db } = ctx.database;
    const now = Date.now();
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const rows = await db
      .selectFrom('offers')
      .leftJoin('offer_counters', 'offer_counters.offer_id', 'offers.id')
      .select([
        'offers.id',
        'offers.project_id',
        'offers.closing_date',
        'offer_counters.oldest_new_at',
      ])
      .where('offers.company_id', '=', company)
      .where('offers.archived', '=', false)
      .execute();
    const old = rows.filter(
      (r) => r.oldest_new_at !== null && Date.parse(String(r.oldest_new_at)) + 7 * 86_400_000 < now,
    );
    expect(old.length).toBeGreaterThan(1);
    await db
      .updateTable('offers')
      .set({ closing_date: day(now + 3 * 86_400_000) })
      .where('id', '=', old[0]!.id)
      .execute();
    for (const r of [old[0]!, old[1]!])
      expect((await admin.get(`/api/projects/${r.project_id}/offers/${r.id}`)).statusCode).toBe(
        200,
      );
    // The rule (DESIGN section 9), worked out from the rows.
    const delay = 7 * 86_400_000;
    const views = await db
      .selectFrom('offer_alert_views')
      .select(['offer_id', 'seen_at'])
      .where('company_id', '=', company)
      .execute();
    const expected = (
      await db
        .selectFrom('offers')
        .leftJoin('offer_counters', 'offer_counters.offer_id', 'offers.id')
        .select(['offers.id', 'offers.closing_date', 'offer_counters.oldest_new_at'])
        .where('offers.company_id', '=', company)
        .where('offers.archived', '=', false)
        .execute()
    )
      .map((r) => {
        const starts: number[] = [];
        const oldest = r.oldest_new_at ? Date.parse(String(r.oldest_new_at)) : NaN;
        if (oldest + delay <= now) starts.push(oldest + delay);
        const today = day(now);
        if (
          r.closing_date &&
          r.closing_date >= today &&
          r.closing_date <= day(now + 7 * 86_400_000)
        )
          starts.push(Date.parse(`${r.closing_date}T00:00:00Z`) - delay);
        const start = Math.min(...starts);
        const seen = Math.max(
          ...views.filter((v) => v.offer_id === r.id).map((v) => Date.parse(String(v.seen_at))),
        );
        return { id: r.id, start, untreated: !(seen >= start) };
      })
      .filter((a) => Number.isFinite(a.start))
      .sort((a, b) => b.start - a.start || b.id - a.id);
    for (const [path, list] of [
      ['alerts', expected],
      ['alerts/untreated', expected.filter((a) => a.untreated)],
    ] as const) {
      const pages: Item[] = [];
      for (let page = 1; ; page++) {
        const answer = (
          await admin.get(`/api/dashboard/offers/${path}?per_page=3&page=${page}`)
        ).json();
        expect(answer.total).toBe(list.length);
        pages.push(...answer.data);
        if (page >= answer.last_page) break;
      }
      expect(pages.map((o) => [o.id, o.alert_started_at])).toEqual(
        list.map((a) => [a.id, new Date(a.start).toISOString()]),
      );
    }
    expect(expected.some((a) => a.id === old[0]!.id)).toBe(true);
    expect(expected.filter((a) => a.untreated).length).toBeLessThan(expected.length);
  });

  it('follows the company’s alert delay', async () => {
    const before = (await admin.get('/api/dashboard/offers/alerts?per_page=100')).json();
    const company = (await admin.get('/api/me')).json().company_id;
    await ctx.database.db
      .updateTable('companies')
      .set({ alert_delay_days: 60 })
      .where('id', '=', company)
      .execute();
    const after = (await admin.get('/api/dashboard/offers/alerts?per_page=100')).json();
    expect(after.total).toBeLessThan(before.total);
    expect(after.data.every((o: Item) => o.alert_reasons.includes('closing_soon'))).toBe(true);
    await ctx.database.db
      .updateTable('companies')
      .set({ alert_delay_days: 7 })
      .where('id', '=', company)
      .execute();
  });

  it('shows a user without project.see_all only what they see', async () => {
    const latest = (await manager.get('/api/dashboard/offers/latest?per_page=100')).json();
    const all = (await manager.get('/api/projects/all/offers?per_page=100')).json();
    expect(latest.total).toBe(all.total);
  });
});
