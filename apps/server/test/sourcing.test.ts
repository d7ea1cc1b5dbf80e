import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { TSourcingPage } from '@embauche/contracts/sourcing';
import { searchDocument, writeSearchRow } from '../src/platform/db/applicant-search.ts';
import { cvHighlights } from '../src/modules/sourcing/sourcing-highlights.ts';
import { apiAs, type Api } from './support/api.ts';
import { loadFixtures, type Fixtures } from './support/route-fixtures.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

describe('sourcing highlights', () => {
  it('marks folded prefixes in short plain-text snippets', () => {
    const text = `Début\n\nÉmilie   Zorn, soudeuse TIG à Lyon. ${'x '.repeat(80)}Fin: SOUDURE`;
    const h = cvHighlights(text, ['soud', 'lyon']);
    expect(h).toHaveLength(2);
    expect(h[0]!.matches.map(([s, e]) => h[0]!.text.slice(s, e))).toEqual(['soudeuse', 'Lyon']);
    expect(h[0]!.text).toContain('Émilie Zorn, soudeuse');
    expect(h[1]!.matches.map(([s, e]) => h[1]!.text.slice(s, e))).toEqual(['SOUDURE']);
    expect(h[1]!.after).toBe(false);
    expect(cvHighlights(null, ['a'])).toEqual([]);
  });
});

/**
 * Issue 15, the sourcing search (docs/sourcing.md): matching, facets and their counts
 * (a facet's own filter does not narrow its counts), date range, sort, paging, highlights, the
 * user's scope, isolation between companies, and the permission.
 */
describe.each(testDatabases())('sourcing search on $dialect', (testDb) => {
  let ctx: TestContext;
  let fx: Fixtures;
  let admin: Api;
  let manager: Api;
  let other: Api;
  let boards: number[];
  const ids = { emilie: 0, bruno: 0, chloe: 0, mairie: 0 };

  const db = () => ctx.database.db;
  const search = async (query: string, api: Api = admin) => {
    const res = await api.get(`/api/sourcing/search?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TSourcingPage>();
  };
  const names = (page: TSourcingPage) => page.data.map((a) => a.firstname);

  async function applicant(
    company: number,
    values: {
      firstname: string;
      lastname: string;
      email?: string;
      cv: string | null;
      provenance: number | null;
      board: number | null;
      tags: string[];
    },
  ) {
    const now = new Date().toISOString();
    const { id } = await db()
      .insertInto('applicants')
      .values({
        company_id: company,
        firstname: values.firstname,
        lastname: values.lastname,
        email: values.email ?? null,
        phone: null,
        img_src: null,
        provenance_id: values.provenance,
        jobboard_id: values.board,
        source_url: null,
        cv_key: values.cv ? `cv/${values.firstname}.pdf` : null,
        cv_filename: values.cv ? 'cv.pdf' : null,
        cv_mime: values.cv ? 'application/pdf' : null,
        cv_text: values.cv,
        cv_extracted_at: values.cv ? now : null,
        motivation: null,
        visio_url: null,
        visio_at: null,
        visio_notes: null,
        created_at: '2025-06-01T00:00:00.000Z',
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const name of values.tags) {
      let tag = await db()
        .selectFrom('tags')
        .select('id')
        .where('company_id', '=', company)
        .where('name', '=', name)
        .executeTakeFirst();
      tag ??= await db()
        .insertInto('tags')
        .values({ company_id: company, name, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db()
        .insertInto('applicant_tags')
        .values({ company_id: company, applicant_id: id, tag_id: tag.id })
        .execute();
    }
    const doc = searchDocument({
      name: `${values.firstname} ${values.lastname}`,
      email: values.email ?? null,
      tags: values.tags,
      cvText: values.cv,
    });
    await writeSearchRow(db(), ctx.database.dialect, company, id, doc);
    return id;
  }

  const apply = (applicantId: number, offerId: number, status: number, at: string) =>
    db()
      .insertInto('applications')
      .values({
        company_id: fx.valmont,
        offer_id: offerId,
        applicant_id: applicantId,
        status_id: status,
        created_at: at,
        updated_at: at,
      })
      .execute();

  beforeAll(async () => {
    ctx = await startTestApp(testDb);
    fx = await loadFixtures(ctx);
    boards = (
      await db().selectFrom('job_boards').select('id').orderBy('id').limit(2).execute()
    ).map((b) => b.id);
    ids.emilie = await applicant(fx.valmont, {
      firstname: 'Émilie',
      lastname: 'Zorn',
      cv: 'Xylophoniste confirmée à Lyon.\nSoudure TIG depuis 2015.',
      provenance: 1,
      board: boards[0]!,
      tags: ['Soudeur', 'Lyon'],
    });
    ids.bruno = await applicant(fx.valmont, {
      firstname: 'Bruno',
      lastname: 'Xylo',
      cv: null,
      provenance: 2,
      board: null,
      tags: ['Soudeur'],
    });
    ids.chloe = await applicant(fx.valmont, {
      firstname: 'Chloé',
      lastname: 'Martin',
      email: 'chloe.xylophoniste@example.test',
      cv: 'Débutante, soudeuse et xylophoniste.',
      provenance: 1,
      board: boards[1]!,
      tags: [],
    });
    ids.mairie = await applicant(fx.mairie, {
      firstname: 'Paul',
      lastname: 'Mairie',
      cv: 'Xylophoniste municipal',
      provenance: 1,
      board: null,
      tags: ['Soudeur'],
    });
    // Émilie: an application the manager sees, then a later one outside their projects.
    await apply(ids.emilie, fx.inside.offer, 1, '2026-01-10T09:00:00.000Z');
    await apply(ids.emilie, fx.outside.offer, 2, '2026-03-05T09:00:00.000Z');
    await apply(ids.bruno, fx.outside.offer, 1, '2026-02-01T10:00:00.000Z');
    await apply(ids.chloe, fx.inside.offer, 2, '2026-02-20T10:00:00.000Z');
    admin = apiAs(ctx.app, await signIn(ctx.app, 'admin@demo.test'));
    manager = apiAs(ctx.app, await signIn(ctx.app, 'manager@demo.test'));
    other = apiAs(ctx.app, await signIn(ctx.app, 'admin@other.test'));
  }, 60_000);
  afterAll(() => ctx.close());

  it('needs sourcing.access', async () => {
    expect((await manager.get('/api/sourcing/search?q=xylo')).statusCode).toBe(403);
    expect((await apiAs(ctx.app).get('/api/sourcing/search?q=xylo')).statusCode).toBe(401);
  });

  it('matches name, e-mail, tags and CV text: every word, as prefixes, accents folded', async () => {
    expect(names(await search('q=xylo&sort=date_desc'))).toEqual(['Émilie', 'Chloé', 'Bruno']);
    expect(names(await search('q=XYLOPHONISTE%20lyon'))).toEqual(['Émilie']);
    expect(names(await search('q=chloe%20xylo'))).toEqual(['Chloé']);
    expect(names(await search('q=soudeur%20bruno'))).toEqual(['Bruno']);
    expect((await search('q=xylophoniste%20introuvable')).total).toBe(0);
  });

  it('counts each facet under the other facets only', async () => {
    const all = await search('q=xylo');
    expect(all.total).toBe(3);
    expect(all.facets.source).toEqual([
      { id: 1, count: 2 },
      { id: 2, count: 1 },
    ]);
    expect(all.facets.tags).toEqual([
      { name: 'Soudeur', count: 2 },
      { name: 'Lyon', count: 1 },
    ]);
    expect(all.facets.has_cv).toEqual({ yes: 2, no: 1 });
    expect(all.facets.last_status).toEqual([
      { id: 2, count: 2 },
      { id: 1, count: 1 },
    ]);
    expect(all.facets.job_board.map((b) => [b.id, b.count])).toEqual(
      [
        [boards[0], 1],
        [boards[1], 1],
        [null, 1],
      ].sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0)),
    );
    expect(all.facets.job_board.find((b) => b.id === boards[0])?.name).toEqual(expect.any(String));

    const bySource = await search('q=xylo&filter[source]=1');
    expect(names(bySource).sort()).toEqual(['Chloé', 'Émilie']);
    // Its own facet keeps every source; the others narrow to source 1.
    expect(bySource.facets.source).toEqual(all.facets.source);
    expect(bySource.facets.job_board.map((b) => b.id)).not.toContain(null);
    expect(bySource.facets.tags).toEqual([
      { name: 'Lyon', count: 1 },
      { name: 'Soudeur', count: 1 },
    ]);
    expect(bySource.facets.has_cv).toEqual({ yes: 2, no: 0 });

    const byTag = await search('q=xylo&filter[tags]=soudeur');
    expect(names(byTag).sort()).toEqual(['Bruno', 'Émilie']);
    expect(byTag.facets.tags).toEqual(all.facets.tags);
    expect(byTag.facets.source).toEqual([
      { id: 1, count: 1 },
      { id: 2, count: 1 },
    ]);

    const noCv = await search('q=xylo&filter[has_cv]=0');
    expect(names(noCv)).toEqual(['Bruno']);
    expect(noCv.facets.has_cv).toEqual({ yes: 2, no: 1 });

    const status = await search('q=xylo&filter[last_status]=1');
    expect(names(status)).toEqual(['Bruno']);
    expect(status.facets.last_status).toEqual(all.facets.last_status);

    const board = await search(`q=xylo&filter[job_board]=${boards[1]}`);
    expect(names(board)).toEqual(['Chloé']);

    const two = await search('q=xylo&filter[source]=1&filter[tags]=Soudeur,Lyon');
    expect(names(two)).toEqual(['Émilie']);
    expect(two.facets.source).toEqual([
      { id: 1, count: 1 },
      { id: 2, count: 1 },
    ]);
  });

  it('filters on the last application date, both bounds inclusive', async () => {
    const feb = await search('q=xylo&filter[applied]=2026-02-01,2026-02-20&sort=date_asc');
    expect(names(feb)).toEqual(['Bruno', 'Chloé']);
    expect(names(await search('q=xylo&filter[applied]=2026-03-01,'))).toEqual(['Émilie']);
    expect(names(await search('q=xylo&filter[applied]=,2026-02-01'))).toEqual(['Bruno']);
    for (const bad of ['2026-13-01,', '2026-02-10,2026-02-01', 'hier']) {
      const res = await admin.get(`/api/sourcing/search?filter[applied]=${bad}`);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ 'filter.applied': ['invalid'] });
    }
    const res = await admin.get('/api/sourcing/search?filter[source]=abc');
    expect(res.json().errors).toEqual({ 'filter.source': ['invalid'] });
    expect((await admin.get('/api/sourcing/search?sort=name')).statusCode).toBe(422);
  });

  it('sorts by relevance or date and pages', async () => {
    // Relevance: name and e-mail matches before the CV-only match.
    const relevant = names(await search('q=xylo'));
    expect(relevant.slice(0, 2).sort()).toEqual(['Bruno', 'Chloé']);
    expect(relevant[2]).toBe('Émilie');
    expect(names(await search('q=xylo&sort=date_asc'))).toEqual(['Bruno', 'Chloé', 'Émilie']);
    const second = await search('q=xylo&sort=date_desc&per_page=2&page=2');
    expect(names(second)).toEqual(['Bruno']);
    expect(second).toMatchObject({ total: 3, current_page: 2, last_page: 2, per_page: 2 });
  });

  it("an offer's list and the treatment list search names, e-mails and tags, never the CV text", async () => {
    const listed = async (url: string) => {
      const res = await admin.get(url);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<{ applicant_id: number }[] | { data: { applicant_id: number }[] }>();
      return (Array.isArray(body) ? body : body.data).map((a) => a.applicant_id);
    };
    const offer = `/api/projects/${fx.outside.project}/offers/${fx.outside.offer}/applications`;
    // "xylo": Bruno's name; Émilie's CV only.
    expect(await listed(`${offer}?filter[search]=xylo`)).toEqual([ids.bruno]);
    expect(await listed(`${offer}?filter[search]=zorn`)).toEqual([ids.emilie]);
    expect(await listed(`${offer}?filter[search]=lyon`)).toEqual([ids.emilie]);
    const treatment = await listed('/api/treatment/applications?filter[search]=xylo&per_page=100');
    expect(treatment).toContain(ids.bruno);
    expect(treatment).not.toContain(ids.emilie);
  });

  it("an offer's name filter follows a rewritten search row, and forgets a removed one", async () => {
    const offer = `/api/projects/${fx.outside.project}/offers/${fx.outside.offer}/applications`;
    const found = async (q: string) => {
      const body = (await admin.get(`${offer}?filter[search]=${q}`)).json<
        { applicant_id: number }[] | { data: { applicant_id: number }[] }
      >();
      return (Array.isArray(body) ? body : body.data).map((a) => a.applicant_id);
    };
    const rewrite = (name: string) =>
      writeSearchRow(
        db(),
        ctx.database.dialect,
        fx.valmont,
        ids.bruno!,
        searchDocument({ name, email: null, tags: ['Soudeur'], cvText: null }),
      );
    await rewrite('Bruno Quetzal');
    expect(await found('quetzal')).toEqual([ids.bruno]);
    expect(await found('xylo')).toEqual([]);
    // PostgreSQL: the identity words' row goes with its search row (search-identity.ts).
    if (ctx.database.dialect === 'postgres') {
      await sql`delete from applicant_search where applicant_id = ${ids.bruno}`.execute(db());
      expect(await found('quetzal')).toEqual([]);
    }
    await rewrite('Bruno Xylo');
    expect(await found('xylo')).toEqual([ids.bruno]);
  });

  it('answers the last application, tags and CV highlights', async () => {
    const [emilie] = (await search('q=xylophoniste%20lyon')).data;
    expect(emilie).toMatchObject({
      id: ids.emilie,
      has_cv: true,
      tags: ['Lyon', 'Soudeur'],
      last_application: {
        offer_id: fx.outside.offer,
        status_id: 2,
        offer_name: expect.any(String),
      },
    });
    expect(emilie!.last_application!.created_at).toContain('2026-03-05');
    const h = emilie!.highlights[0]!;
    expect(h.matches.map(([s, e]) => h.text.slice(s, e))).toEqual(['Xylophoniste', 'Lyon']);
    expect(h.text).not.toMatch(/</);
    expect((await search('q=bruno')).data[0]!.highlights).toEqual([]);
  });

  it("keeps to the user's projects", async () => {
    const role = await db()
      .selectFrom('users')
      .select('role_id')
      .where('email', '=', 'manager@demo.test')
      .where('company_id', '=', fx.valmont)
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('role_permissions')
      .values({ role_id: role.role_id!, permission: 'sourcing.access' })
      .execute();
    const scoped = apiAs(ctx.app, await signIn(ctx.app, 'manager@demo.test'));
    const page = await search('q=xylo&sort=date_desc', scoped);
    expect(names(page)).toEqual(['Chloé', 'Émilie']);
    expect(page.facets.has_cv).toEqual({ yes: 2, no: 0 });
    // Émilie's last application the manager sees is the one of their project.
    const emilie = page.data.find((a) => a.id === ids.emilie)!;
    expect(emilie.last_application).toMatchObject({ offer_id: fx.inside.offer, status_id: 1 });
    expect(page.facets.last_status.map((s) => s.id).sort()).toEqual([1, 2]);
  });

  it("never shows another company's applicants", async () => {
    const mine = await search('q=xylophoniste', other);
    expect(mine.data.map((a) => a.id)).toEqual([ids.mairie]);
    expect(mine.facets.tags).toEqual([{ name: 'Soudeur', count: 1 }]);
    expect((await search('q=xylophoniste')).data.map((a) => a.id)).not.toContain(ids.mairie);
    expect((await search('q=paul%20mairie')).total).toBe(0);
  });

  // Last: it changes the data the other tests read. On PostgreSQL the facets are copies on the
  // search rows (migration 0024), kept by triggers; this checks that they follow every change.
  it('follows changes of an applicant: source, job board, CV, a new or removed application', async () => {
    await db()
      .updateTable('applicants')
      .set({ provenance_id: 2, jobboard_id: null, cv_key: null })
      .where('id', '=', ids.chloe)
      .execute();
    await apply(ids.chloe, fx.inside.offer, 4, '2026-04-01T10:00:00.000Z');
    let page = await search('q=xylo');
    expect(page.facets.source).toEqual([
      { id: 2, count: 2 },
      { id: 1, count: 1 },
    ]);
    expect(page.facets.has_cv).toEqual({ yes: 1, no: 2 });
    expect(page.facets.last_status).toEqual([
      { id: 1, count: 1 },
      { id: 2, count: 1 },
      { id: 4, count: 1 },
    ]);
    expect(names(await search('q=xylo&filter[applied]=2026-04-01,'))).toEqual(['Chloé']);

    await db()
      .deleteFrom('applications')
      .where('applicant_id', '=', ids.chloe)
      .where('status_id', '=', 4)
      .execute();
    // Chloé's newest application is the one of February again (status 2, as Émilie's).
    page = await search('q=xylo&filter[last_status]=2');
    expect(names(page).sort()).toEqual(['Chloé', 'Émilie']);
    expect(page.facets.job_board.find((b) => b.id === boards[1])).toBeUndefined();

    // A tag given, then taken back.
    const lyon = await db()
      .selectFrom('tags')
      .select('id')
      .where('company_id', '=', fx.valmont)
      .where('name', '=', 'Lyon')
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('applicant_tags')
      .values({ company_id: fx.valmont, applicant_id: ids.bruno, tag_id: lyon.id })
      .execute();
    page = await search('q=xylo&filter[tags]=lyon');
    expect(names(page).sort()).toEqual(['Bruno', 'Émilie']);
    expect(page.facets.tags).toEqual([
      { name: 'Lyon', count: 2 },
      { name: 'Soudeur', count: 2 },
    ]);
    await db()
      .deleteFrom('applicant_tags')
      .where('applicant_id', '=', ids.bruno)
      .where('tag_id', '=', lyon.id)
      .execute();
    expect(names(await search('q=xylo&filter[tags]=lyon'))).toEqual(['Émilie']);
  });
});
