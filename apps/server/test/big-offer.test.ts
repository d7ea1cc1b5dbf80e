import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBigOffer, type BigOffer } from '../bench/big-offer.ts';
import { apiAs, type Api } from './support/api.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

type Item = { id: number; status: { id: number }; created_at: string };
type Page = {
  data: Item[];
  current_page: number;
  last_page: number;
  total: number;
  next_cursor?: string | null;
};
type Counts = { total: number; statuses: { id: number; count: number }[] };

const APPLICATIONS = 12_000;

/**
 * Issue 42: an offer of 12,000 applications (bench/big-offer.ts), its board's calls as the web
 * makes them (the counts, each column's pages: `filter[statuses]`, `page`, `per_page`, or the
 * `cursor` of the page before), a status change deep in the offer, and the unpaged list, which
 * answers every row (docs/lists.md).
 */
describe.each(testDatabases())('an offer of 12,000 applications on $dialect', (testDb) => {
  let ctx: TestContext;
  let admin: Api;
  let other: Api;
  let big: BigOffer;
  let base: string;

  beforeAll(async () => {
    ctx = await startTestApp(testDb);
    admin = apiAs(ctx.app, await signIn(ctx.app, 'admin@demo.test'));
    other = apiAs(ctx.app, await signIn(ctx.app, 'admin@other.test'));
    const { company_id } = await ctx.database.db
      .selectFrom('users')
      .select('company_id')
      .where('email', '=', 'admin@demo.test')
      .executeTakeFirstOrThrow();
    big = await seedBigOffer(ctx.database.db, {
      companyId: company_id!,
      applications: APPLICATIONS,
    });
    base = `/api/projects/${big.projectId}/offers/${big.offerId}/applications`;
  }, 120_000);
  afterAll(() => ctx?.close());

  async function get<T>(url: string): Promise<T> {
    const res = await admin.get(url);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    return res.json() as T;
  }

  /** The offer's application ids in `statusId`, from the database (the truth the pages must add up to). */
  async function idsIn(statusId: number): Promise<number[]> {
    const rows = await ctx.database.db
      .selectFrom('applications')
      .select('id')
      .where('offer_id', '=', big.offerId)
      .where('status_id', '=', statusId)
      .execute();
    return rows.map((r) => r.id).sort((a, b) => a - b);
  }

  /**
   * A column read to its end as the board reads it: page after page (`page` numbers, until the
   * last page) or cursor after cursor (until `next_cursor` is null); `between` runs after each page.
   */
  async function readColumn(
    statusId: number,
    perPage: number,
    by: 'page' | 'cursor',
    between?: (page: number) => Promise<void>,
    extra = '',
  ): Promise<number[]> {
    const ids: number[] = [];
    let cursor: string | null = null;
    for (let n = 1; ; n++) {
      const after: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const page: Page = await get<Page>(
        `${base}?page=${n}&per_page=${perPage}&filter[statuses]=${statusId}${after}${extra}`,
      );
      expect(page.data.every((a) => a.status.id === statusId)).toBe(true);
      ids.push(...page.data.map((a) => a.id));
      await between?.(n);
      if (by === 'page' && page.current_page >= page.last_page) break;
      cursor = page.next_cursor ?? null;
      if (by === 'cursor' && !cursor) break;
      expect(n).toBeLessThan(APPLICATIONS);
    }
    return ids;
  }

  const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

  it('reads each column to its end: its count, no duplicate, no gap', async () => {
    const counts = await get<Counts>(`${base}/counts`);
    expect(counts.total).toBe(APPLICATIONS);
    const shown = counts.statuses.filter((s) => s.count > 0);
    expect(shown.reduce((n, s) => n + s.count, 0)).toBe(APPLICATIONS);
    expect(shown.length).toBeGreaterThanOrEqual(5);
    for (const status of shown) {
      const ids = await readColumn(status.id, 100, 'page');
      expect(ids.length, `status ${status.id}`).toBe(status.count);
      expect(sorted(ids)).toEqual(await idsIn(status.id));
    }
    // A small column at the board's own page size (20), by cursor: the same cards.
    const small = shown.reduce((a, b) => (b.count < a.count ? b : a));
    const byCursor = await readColumn(small.id, 20, 'cursor');
    expect(sorted(byCursor)).toEqual(await idsIn(small.id));
  }, 120_000);

  it('reads a column uncounted (count=false, as the board asks): the same cards, page totals so far', async () => {
    const counts = await get<Counts>(`${base}/counts`);
    const biggest = counts.statuses.reduce((a, b) => (b.count > a.count ? b : a));
    // By cursor, as a board column scrolls, and by number: every card once.
    expect(sorted(await readColumn(biggest.id, 100, 'cursor', undefined, '&count=false'))).toEqual(
      await idsIn(biggest.id),
    );
    const small = counts.statuses
      .filter((s) => s.count > 0)
      .reduce((a, b) => (b.count < a.count ? b : a));
    expect(sorted(await readColumn(small.id, 20, 'page', undefined, '&count=false'))).toEqual(
      await idsIn(small.id),
    );
    // Not counted: `total` is the rows up to the page, `last_page` the next page while more follow.
    const first = await get<Page>(
      `${base}?page=1&per_page=50&filter[statuses]=${biggest.id}&count=false`,
    );
    expect(first).toMatchObject({ current_page: 1, last_page: 2, total: 50 });
    expect(first.next_cursor).toBeTruthy();
    const lastPage = Math.ceil(biggest.count / 50);
    const end = await get<Page>(
      `${base}?page=${lastPage}&per_page=50&filter[statuses]=${biggest.id}&count=false`,
    );
    expect(end).toMatchObject({
      current_page: lastPage,
      last_page: lastPage,
      total: biggest.count,
    });
    expect(end.next_cursor).toBeNull();
    // Another company's admin still gets nothing of the offer.
    expect(
      (await other.get(`${base}?page=1&filter[statuses]=${biggest.id}&count=false`)).statusCode,
    ).toBe(404);
  }, 120_000);

  it('keeps every card that stays in a column read by cursor while cards move, once', async () => {
    const before = new Set(await idsIn(1));
    const moved = new Set<number>();
    const arrived = new Set<number>();
    const ids = await readColumn(1, 100, 'cursor', async (n) => {
      if (n !== 3) return;
      // After the third page: ten cards already read leave the column, and five of another
      // column arrive in it (dated anywhere in it).
      const read = [...before].slice(0, 10);
      const incoming = (await idsIn(2)).slice(0, 5);
      for (const id of read) await move(id, 2);
      for (const id of incoming) await move(id, 1);
      read.forEach((id) => moved.add(id));
      incoming.forEach((id) => arrived.add(id));
    });
    expect(new Set(ids).size).toBe(ids.length);
    const stayed = [...before].filter((id) => !moved.has(id));
    const seen = new Set(ids);
    expect(stayed.filter((id) => !seen.has(id))).toEqual([]);
    expect(ids.every((id) => before.has(id) || arrived.has(id))).toBe(true);
  }, 120_000);

  async function move(applicationId: number, statusId: number) {
    const res = await admin.put(`${base}/statuses`, {
      application_id: applicationId,
      status_id: statusId,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Item;
  }

  it('moves the 11,000th card', async () => {
    const id = big.applicationIds[10_999]!;
    const from = (
      await ctx.database.db
        .selectFrom('applications')
        .select('status_id')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).status_id;
    const to = from === 4 ? 3 : 4;
    const before = await get<Counts>(`${base}/counts`);
    const item = await move(id, to);
    expect(item).toMatchObject({ id, status: { id: to } });
    const after = await get<Counts>(`${base}/counts`);
    const count = (c: Counts, s: number) => c.statuses.find((x) => x.id === s)?.count ?? 0;
    expect(count(after, to)).toBe(count(before, to) + 1);
    expect(count(after, from)).toBe(count(before, from) - 1);
    expect(await readColumn(to, 100, 'cursor')).toContain(id);
  }, 60_000);

  it('answers the whole list unpaged, every row once, in its order', async () => {
    const res = await admin.get(base);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const all = res.json() as Item[];
    expect(all).toHaveLength(APPLICATIONS);
    expect(new Set(all.map((a) => a.id)).size).toBe(APPLICATIONS);
    for (let i = 1; i < all.length; i++) {
      const [a, b] = [all[i - 1]!, all[i]!];
      expect(a.created_at > b.created_at || (a.created_at === b.created_at && a.id > b.id)).toBe(
        true,
      );
    }
    // Filtered: the column's every card, as its count says.
    const news = await get<Item[]>(`${base}?filter[statuses]=1`);
    expect(sorted(news.map((a) => a.id))).toEqual(await idsIn(1));
    // By name, ascending: every row too.
    const byName = await get<Item[]>(`${base}?sort=lastname`);
    expect(byName).toHaveLength(APPLICATIONS);
    expect(new Set(byName.map((a) => a.id)).size).toBe(APPLICATIONS);
  }, 60_000);

  it('refuses a cursor that is not one, and shows the offer to nobody else', async () => {
    expect((await admin.get(`${base}?cursor=nope`)).statusCode).toBe(422);
    const page = await get<Page>(`${base}?page=1&per_page=5`);
    // A cursor of another sort order is not this one's.
    const res = await admin.get(`${base}?sort=lastname&cursor=${page.next_cursor}`);
    expect(res.statusCode).toBe(422);
    expect((await other.get(base)).statusCode).toBe(404);
    expect((await other.get(`${base}?page=1`)).statusCode).toBe(404);
  });
});
