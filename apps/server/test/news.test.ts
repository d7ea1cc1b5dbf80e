import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ZNewsItemInput,
  newsLanguage,
  type TCurrentNews,
  type TNewsItem,
  type TNewsItemPage,
} from '@embauche/contracts/news';
import { apiAs, type Api } from './support/api.ts';
import { sessionCookie, signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

type Res = { statusCode: number; body: string; json: <T>() => T };

const DAY = 24 * 3600 * 1000;
const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();

/** A news item in French for every company, current from yesterday for a week. */
const item = (extra: object = {}) => ({
  contents: { fr: { title: 'Nouveauté', body: '<p>Texte</p>' } },
  audience: 'all',
  starts_at: at(-1),
  ends_at: at(7),
  ...extra,
});

describe('news items (contracts/news.ts)', () => {
  const issues = (input: object) => {
    const r = ZNewsItemInput.safeParse(input);
    return r.success
      ? {}
      : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('checks the form', () => {
    expect(issues(item({ contents: {} }))).toEqual({ contents: 'field_required' });
    expect(issues(item({ contents: { en: { title: ' ', body: 'x'.repeat(20_001) } } }))).toEqual({
      'contents.en.title': 'field_required',
      'contents.en.body': 'max_length:20000',
    });
    expect(issues(item({ audience: 'companies' }))).toEqual({ company_ids: 'field_required' });
    expect(issues(item({ audience: undefined }))).toEqual({ audience: 'field_required' });
    expect(issues(item({ countries: ['fr', 'FRA'] }))).toEqual({ 'countries.1': 'invalid' });
    expect(issues(item({ starts_at: 'demain', ends_at: '' }))).toEqual({
      starts_at: 'invalid_date',
      ends_at: 'field_required',
    });
    expect(issues(item({ starts_at: at(2), ends_at: at(1) }))).toEqual({
      ends_at: 'ends_before_start',
    });
    const parsed = ZNewsItemInput.parse(
      item({ starts_at: '2026-03-01T09:00:00+01:00', countries: ['be', 'FR', 'BE'] }),
    );
    expect(parsed.starts_at).toBe('2026-03-01T08:00:00.000Z');
    expect(parsed.countries).toEqual(['BE', 'FR']);
  });

  it('reads an item in the user’s language, else the company’s, else fr, en, es, de', () => {
    expect(newsLanguage(['fr', 'en'], 'en', 'fr')).toBe('en');
    expect(newsLanguage(['fr', 'de'], 'es', 'de')).toBe('de');
    expect(newsLanguage(['de', 'en'], 'es', 'fr')).toBe('en');
    expect(newsLanguage(['de'], 'fr', 'fr')).toBe('de');
    expect(newsLanguage([], 'fr', 'fr')).toBeNull();
  });
});

/**
 * Issue 38 part 5: the staff's news items and the popup's current item: audience (every company,
 * chosen ones, by country), period, language, dismissal per user, the staff's permission, and a
 * user of another company never seeing an item not meant for it.
 */
describe.each(testDatabases())('news popup on $dialect', (testDb) => {
  let ctx: TestContext;
  let staff: Api;
  let admin: Api;
  let recruiter: Api;
  let other: Api;
  let partner: Api;
  let valmont: number;
  let mairie: number;

  const ok = <T>(res: Res, status = 200) => {
    expect(res.statusCode, res.body).toBe(status);
    return status === 204 ? (undefined as T) : res.json<T>();
  };
  const errors = (res: Res) => {
    expect(res.statusCode, res.body).toBe(422);
    return res.json<{ errors: Record<string, string[]> }>().errors;
  };
  const create = async (body: object) =>
    ok<TNewsItem>(await staff.post('/api/superadmin/news', body), 201);
  const current = async (api: Api) => ok<TCurrentNews | null>(await api.get('/api/news/current'));
  const companyOf = async (slug: string) =>
    (
      await ctx.database.db
        .selectFrom('companies')
        .select('id')
        .where('slug', '=', slug)
        .executeTakeFirstOrThrow()
    ).id;
  const setLanguage = (email: string, language: string) =>
    ctx.database.db.updateTable('users').set({ language }).where('email', '=', email).execute();

  beforeAll(async () => {
    ctx = await startTestApp(testDb);
    staff = apiAs(ctx.app, await signIn(ctx.app, 'superadmin@demo.test'));
    admin = apiAs(ctx.app, await signIn(ctx.app, 'admin@demo.test'));
    recruiter = apiAs(ctx.app, await signIn(ctx.app, 'recruiter@demo.test'));
    other = apiAs(ctx.app, await signIn(ctx.app, 'admin@other.test'));
    partner = apiAs(ctx.app, await signIn(ctx.app, 'partner@demo.test'));
    valmont = await companyOf('groupe-valmont');
    mairie = await companyOf('mairie-saint-aubin');
  }, 60_000);
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await ctx.database.db.deleteFrom('news_items').execute();
    await ctx.database.db
      .updateTable('companies')
      .set({ country: 'FR', default_language: 'fr' })
      .execute();
    for (const email of ['admin@demo.test', 'recruiter@demo.test', 'admin@other.test'])
      await setLanguage(email, 'fr');
  });

  it('the staff create, list, read, change and delete items; the body is sanitised', async () => {
    const created = await create(
      item({
        contents: {
          fr: {
            title: '  Nouveau tableau de bord ',
            body: '<p>Bonjour <strong>à tous</strong><script>alert(1)</script><img src=x onerror=alert(1)></p>',
          },
          de: { title: 'Neues Dashboard', body: '<p>Hallo</p>' },
        },
        audience: 'companies',
        company_ids: [valmont, mairie, valmont],
        countries: ['fr'],
      }),
    );
    expect(created).toMatchObject({
      contents: {
        fr: { title: 'Nouveau tableau de bord', body: '<p>Bonjour <strong>à tous</strong></p>' },
        de: { title: 'Neues Dashboard', body: '<p>Hallo</p>' },
      },
      audience: 'companies',
      countries: ['FR'],
      status: 'current',
      dismissal_count: 0,
    });
    expect(created.companies.map((c) => c.id).sort()).toEqual([valmont, mairie].sort());
    expect(created.companies.map((c) => c.social_reason)).toContain('Groupe Valmont');

    const later = await create(item({ starts_at: at(3), ends_at: at(5) }));
    expect(later.status).toBe('scheduled');
    const ended = await create(item({ starts_at: at(-5), ends_at: at(-3) }));
    expect(ended.status).toBe('ended');

    const page = ok<TNewsItemPage>(await staff.get('/api/superadmin/news?per_page=2'));
    expect(page).toMatchObject({ total: 3, last_page: 2, per_page: 2, current_page: 1 });
    expect(page.data.map((i) => i.id)).toEqual([later.id, created.id]);
    expect(ok<TNewsItem>(await staff.get(`/api/superadmin/news/${ended.id}`)).id).toBe(ended.id);
    expect(ok<string[]>(await staff.get('/api/superadmin/news/countries'))).toEqual(['FR']);

    const changed = ok<TNewsItem>(
      await staff.put(
        `/api/superadmin/news/${created.id}`,
        item({ contents: { en: { title: 'New', body: '<p>Hi</p>' } } }),
      ),
    );
    expect(changed).toMatchObject({
      contents: { en: { title: 'New', body: '<p>Hi</p>' } },
      audience: 'all',
      companies: [],
      countries: [],
    });
    expect(changed.contents.fr).toBeUndefined();

    ok(await staff.del(`/api/superadmin/news/${created.id}`), 204);
    expect((await staff.get(`/api/superadmin/news/${created.id}`)).statusCode).toBe(404);
    expect((await staff.put(`/api/superadmin/news/${created.id}`, item())).statusCode).toBe(404);
    expect((await staff.del(`/api/superadmin/news/${created.id}`)).statusCode).toBe(404);

    const trail = await ctx.database.db
      .selectFrom('audit_log')
      .select(['action', 'target_id', 'company_id'])
      .where('target_type', '=', 'news')
      .where('target_id', '=', created.id)
      .orderBy('id')
      .execute();
    expect(trail.map((e) => e.action)).toEqual(['news.created', 'news.updated', 'news.deleted']);
    expect(trail.every((e) => e.company_id !== valmont && e.company_id !== mairie)).toBe(true);
  });

  it('answers 422 with a code per field', async () => {
    expect(errors(await staff.post('/api/superadmin/news', item({ contents: {} })))).toEqual({
      contents: ['field_required'],
    });
    const same = at(2);
    expect(
      errors(await staff.post('/api/superadmin/news', item({ starts_at: same, ends_at: same }))),
    ).toEqual({ ends_at: ['ends_before_start'] });
    expect(
      errors(
        await staff.post(
          '/api/superadmin/news',
          item({ contents: { fr: { title: 'T', body: '<script>x</script>' } } }),
        ),
      ),
    ).toEqual({ 'contents.fr.body': ['field_required'] });
    expect(
      errors(
        await staff.post(
          '/api/superadmin/news',
          item({ audience: 'companies', company_ids: [valmont, 2_000_000_000] }),
        ),
      ),
    ).toEqual({ company_ids: ['unknown_company'] });
  });

  it('refuses everybody but the staff on the config routes, and anonymous callers everywhere', async () => {
    const { id } = await create(item());
    const acting = apiAs(
      ctx.app,
      sessionCookie(
        await ctx.app.inject({
          method: 'PUT',
          url: '/api/superadmin/change_company',
          headers: { cookie: await signIn(ctx.app, 'superadmin@demo.test') },
          payload: { company_id: valmont },
        }),
      ),
    );
    for (const api of [admin, other, partner, acting]) {
      expect((await api.get('/api/superadmin/news')).statusCode).toBe(403);
      expect((await api.get('/api/superadmin/news/countries')).statusCode).toBe(403);
      expect((await api.get(`/api/superadmin/news/${id}`)).statusCode).toBe(403);
      expect((await api.post('/api/superadmin/news', item())).statusCode).toBe(403);
      expect((await api.put(`/api/superadmin/news/${id}`, item())).statusCode).toBe(403);
      expect((await api.del(`/api/superadmin/news/${id}`)).statusCode).toBe(403);
    }
    const anonymous = apiAs(ctx.app);
    expect((await anonymous.get('/api/news/current')).statusCode).toBe(401);
    expect((await anonymous.post(`/api/news/${id}/dismiss`)).statusCode).toBe(401);
    expect((await anonymous.get('/api/superadmin/news')).statusCode).toBe(401);
    expect(ok<TNewsItemPage>(await staff.get('/api/superadmin/news')).total).toBe(1);

    // Acting as Valmont, the staff see no popup, and closing it stores nothing for anybody.
    expect(await current(acting)).toBeNull();
    ok(await acting.post(`/api/news/${id}/dismiss`), 204);
    expect((await current(admin))?.id).toBe(id);
  });

  it('shows a current item to every company, once per user until dismissed', async () => {
    const { id } = await create(item());
    expect(await current(admin)).toEqual({
      id,
      language: 'fr',
      title: 'Nouveauté',
      body: '<p>Texte</p>',
      starts_at: expect.any(String),
      ends_at: expect.any(String),
    });
    expect((await current(other))?.id).toBe(id);
    expect((await current(staff))?.id).toBe(id);

    ok(await admin.post(`/api/news/${id}/dismiss`), 204);
    ok(await admin.post(`/api/news/${id}/dismiss`), 204);
    expect(await current(admin)).toBeNull();
    // Per user: a colleague and the other company still see it.
    expect((await current(recruiter))?.id).toBe(id);
    expect((await current(other))?.id).toBe(id);
    // A correction does not bring it back.
    ok(await staff.put(`/api/superadmin/news/${id}`, item({ ends_at: at(9) })));
    expect(await current(admin)).toBeNull();
    expect(ok<TNewsItem>(await staff.get(`/api/superadmin/news/${id}`)).dismissal_count).toBe(1);
    expect((await admin.post('/api/news/2000000000/dismiss')).statusCode).toBe(404);
  });

  it('shows only items within their period; of several, the latest started not dismissed', async () => {
    await create(item({ starts_at: at(1), ends_at: at(3) }));
    await create(item({ starts_at: at(-3), ends_at: at(-1) }));
    expect(await current(admin)).toBeNull();
    const older = await create(item({ starts_at: at(-2) }));
    const newer = await create(item({ starts_at: at(-1) }));
    expect((await current(admin))?.id).toBe(newer.id);
    ok(await admin.post(`/api/news/${newer.id}/dismiss`), 204);
    expect((await current(admin))?.id).toBe(older.id);
    ok(await admin.post(`/api/news/${older.id}/dismiss`), 204);
    expect(await current(admin)).toBeNull();
  });

  it('shows an item for chosen companies to them only; another company never sees nor dismisses it', async () => {
    const { id } = await create(item({ audience: 'companies', company_ids: [valmont] }));
    expect((await current(admin))?.id).toBe(id);
    expect((await current(recruiter))?.id).toBe(id);
    expect(await current(other)).toBeNull();
    expect(await current(staff)).toBeNull();
    expect((await other.post(`/api/news/${id}/dismiss`)).statusCode).toBe(404);
    const dismissed = await ctx.database.db
      .selectFrom('news_dismissals')
      .select('user_id')
      .where('news_id', '=', id)
      .execute();
    expect(dismissed).toEqual([]);
  });

  it('restricts the audience to the companies of the chosen countries', async () => {
    await ctx.database.db
      .updateTable('companies')
      .set({ country: 'BE' })
      .where('id', '=', mairie)
      .execute();
    expect(ok<string[]>(await staff.get('/api/superadmin/news/countries'))).toEqual(['BE', 'FR']);
    const belgium = await create(item({ countries: ['BE'] }));
    expect((await current(other))?.id).toBe(belgium.id);
    expect(await current(admin)).toBeNull();
    expect((await admin.post(`/api/news/${belgium.id}/dismiss`)).statusCode).toBe(404);
    // Chosen companies and a country: both must hold.
    const both = await create(
      item({ audience: 'companies', company_ids: [valmont, mairie], countries: ['FR'] }),
    );
    expect((await current(admin))?.id).toBe(both.id);
    expect((await current(other))?.id).toBe(belgium.id);
  });

  it('speaks the user’s language, else the company’s default, else fr, en, es, de', async () => {
    const { id } = await create(
      item({
        contents: {
          en: { title: 'News', body: '<p>EN</p>' },
          de: { title: 'Neuigkeiten', body: '<p>DE</p>' },
        },
      }),
    );
    // French: not written; Valmont's default (fr) neither: English comes before German.
    expect(await current(admin)).toMatchObject({ id, language: 'en', title: 'News' });
    await setLanguage('admin@demo.test', 'de');
    expect(await current(admin)).toMatchObject({ language: 'de', body: '<p>DE</p>' });
    await setLanguage('admin@demo.test', 'es');
    await ctx.database.db
      .updateTable('companies')
      .set({ default_language: 'de' })
      .where('id', '=', valmont)
      .execute();
    expect(await current(admin)).toMatchObject({ language: 'de' });
    expect(await current(other)).toMatchObject({ language: 'en' });
  });
});
