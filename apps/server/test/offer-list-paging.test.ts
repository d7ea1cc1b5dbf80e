import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, projectId, type Api } from './support/api.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

type Page = { data: { id: number; created_at: string }[]; total: number; last_page: number };

/**
 * The offer list filtered by job board, paged, among many offers: SQLite walks the offers in date
 * order when the matches are dense and sorts the matches when they are sparse (offer-list.repository.ts
 * `walkPage`); PostgreSQL always sorts them. Every page must be the same as a plain ordered read.
 */
describe.each(testDatabases())('offer list pages among 600 offers on $dialect', (testDb) => {
  let ctx: TestContext;
  let admin: Api;
  let other: Api;
  let companyId: number;
  const dense = 1;
  /** A board the demo company posts no offer on, but for the three oldest of these. */
  let sparse: number;

  beforeAll(async () => {
    ctx = await startTestApp(testDb);
    admin = apiAs(ctx.app, await signIn(ctx.app, 'admin@demo.test'));
    other = apiAs(ctx.app, await signIn(ctx.app, 'admin@other.test'));
    const db = ctx.database.db;
    const user = await db
      .selectFrom('users')
      .select('company_id')
      .where('email', '=', 'admin@demo.test')
      .executeTakeFirstOrThrow();
    companyId = user.company_id!;
    const project = await projectId(admin, 'Finance et contrôle de gestion');
    const start = Date.parse('2026-01-01T00:00:00Z');
    const offers = await db
      .insertInto('offers')
      .values(
        Array.from({ length: 600 }, (_, i) => {
          // Two offers share each date: the order falls back on the id.
          const at = new Date(start + Math.floor(i / 2) * 60_000).toISOString();
          return {
            company_id: companyId,
            project_id: project,
            job_position: `Poste ${i}`,
            status: 'published',
            remote: 'none',
            archived: false,
            created_at: at,
            updated_at: at,
          };
        }),
      )
      .returning('id')
      .execute();
    const used = db
      .selectFrom('offer_postings')
      .select('job_board_id')
      .where('company_id', '=', companyId);
    const unused = await db
      .selectFrom('job_boards')
      .select('id')
      .where('id', 'not in', used)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    sparse = unused.id;
    // Every other offer on the first board; the sparse board has only the three oldest.
    const postings = offers.flatMap(({ id }, i) =>
      [...(i % 2 === 0 ? [dense] : []), ...(i < 3 ? [sparse] : [])].map((job_board_id) => ({
        company_id: companyId,
        offer_id: id,
        job_board_id,
        posted_at: new Date(start).toISOString(),
        removed_at: null,
      })),
    );
    await db.insertInto('offer_postings').values(postings).execute();
  });
  afterAll(() => ctx.close());

  /** The company's offers not archived and posted on the board, newest first. */
  async function expected(board: number): Promise<number[]> {
    const rows = await ctx.database.db
      .selectFrom('offers')
      .select('offers.id')
      .where('offers.company_id', '=', companyId)
      .where('offers.archived', '=', false)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('offer_postings')
            .select('offer_postings.offer_id')
            .whereRef('offer_postings.offer_id', '=', 'offers.id')
            .where('offer_postings.job_board_id', '=', board)
            .where('offer_postings.removed_at', 'is', null),
        ),
      )
      .orderBy('offers.created_at', 'desc')
      .orderBy('offers.id', 'desc')
      .execute();
    return rows.map((r) => r.id);
  }

  async function page(board: number, n: number, sort = ''): Promise<Page> {
    const res = await admin.get(
      `/api/projects/all/offers?filter[jobboard]=${board}&page=${n}${sort}`,
    );
    expect(res.statusCode).toBe(200);
    return res.json();
  }

  it('pages many matches like a plain ordered read, the last page and past it included', async () => {
    const ids = await expected(dense);
    expect(ids.length).toBeGreaterThan(300);
    const last = Math.ceil(ids.length / 20);
    for (const n of [1, 2, 7, last]) {
      const p = await page(dense, n);
      expect(p.total).toBe(ids.length);
      expect(p.last_page).toBe(last);
      expect(p.data.map((o) => o.id)).toEqual(ids.slice((n - 1) * 20, n * 20));
    }
    const past = await page(dense, last + 1);
    expect(past.data).toEqual([]);
    expect(past.total).toBe(ids.length);
  });

  it('pages few matches far down the order, and oldest first', async () => {
    const ids = await expected(sparse);
    const p = await page(sparse, 1);
    expect(p.total).toBe(ids.length);
    expect(p.data.map((o) => o.id)).toEqual(ids.slice(0, 20));
    const ascending = [...(await expected(dense))].reverse();
    for (const n of [1, 3]) {
      const oldest = await page(dense, n, '&sort=created_at');
      expect(oldest.data.map((o) => o.id)).toEqual(ascending.slice((n - 1) * 20, n * 20));
    }
  });

  it('counts an offer on two boards once, in alert or not', async () => {
    // With the alert filter, PostgreSQL joins the boards' offers (offer-list-filters.ts).
    const onEither = new Set([...(await expected(dense)), ...(await expected(sparse))]);
    const listed: number[] = [];
    for (const alert of [1, 0]) {
      const url = `/api/projects/all/offers?filter[jobboard]=${dense},${sparse}&filter[alert]=${alert}&per_page=100`;
      const first: Page = (await admin.get(url)).json();
      const ids = first.data.map((o) => o.id);
      for (let n = 2; n <= first.last_page; n++)
        ids.push(
          ...(await admin.get(`${url}&page=${n}`)).json().data.map((o: { id: number }) => o.id),
        );
      expect(ids.length).toBe(first.total);
      listed.push(...ids);
    }
    expect(listed.length).toBe(onEither.size);
    expect(new Set(listed)).toEqual(onEither);
  });

  it('shows another company none of them', async () => {
    const theirs = (await other.get(`/api/projects/all/offers?filter[jobboard]=${dense}`)).json();
    const ours = new Set(await expected(dense));
    expect(theirs.data.some((o: { id: number }) => ours.has(o.id))).toBe(false);
  });
});
