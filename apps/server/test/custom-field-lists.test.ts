import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCustomField } from '@embauche/contracts/custom-fields';
import { apiAs, type Api } from './support/api.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

type Res = { statusCode: number; body: string; json: <T>() => T };
type Row = { id: number; custom_fields?: Record<string, unknown> };
type AppRow = Row & { applicant_id: number };

/**
 * Issue 17 item 5, lists: the offer list and an offer's applications (rows and board columns)
 * carry the values of the fields marked `show_in_list` (not archived), read in one query per page;
 * another company's values never show; the offer list filters on a value; an application's own
 * values are read and written through `/applications/{id}/custom-fields` (404 for another company).
 */
describe.each(testDatabases())('custom fields in lists on $dialect', (testDb) => {
  let ctx: TestContext;
  let admin: Api;
  let other: Api;
  /** An offer of the demo company holding applications, and its project. */
  let offer: { id: number; project_id: number };

  const ok = <T>(res: Res, status = 200) => {
    expect(res.statusCode, res.body).toBe(status);
    return res.json<T>();
  };
  const field = async (api: Api, body: object) =>
    ok<TCustomField>(await api.post('/api/custom-fields', body), 201);
  const companyOf = async (email: string) =>
    (
      await ctx.database.db
        .selectFrom('users')
        .select('company_id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
    ).company_id;
  /** An offer of the company with at least two applications. */
  const offerWithApplications = async (companyId: number) =>
    ctx.database.db
      .selectFrom('applications')
      .innerJoin('offers', 'offers.id', 'applications.offer_id')
      .select(['offers.id', 'offers.project_id'])
      .where('applications.company_id', '=', companyId)
      .where('offers.archived', '=', false)
      .groupBy(['offers.id', 'offers.project_id'])
      .having((eb) => eb.fn.countAll(), '>=', 2)
      .orderBy('offers.id')
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    ctx = await startTestApp(testDb);
    admin = apiAs(ctx.app, await signIn(ctx.app, 'admin@demo.test'));
    other = apiAs(ctx.app, await signIn(ctx.app, 'admin@other.test'));
    offer = await offerWithApplications(await companyOf('admin@demo.test'));
  }, 60_000);
  afterAll(() => ctx.close());

  it('gives offer list rows the values of the fields shown in lists only', async () => {
    const budget = await field(admin, {
      entity: 'offer',
      type: 'currency',
      label: 'Budget',
      show_in_list: true,
    });
    const hidden = await field(admin, { entity: 'offer', type: 'text', label: 'Note interne' });
    const gone = await field(admin, {
      entity: 'offer',
      type: 'text',
      label: 'Ancien',
      show_in_list: true,
    });
    const url = `/api/projects/${offer.project_id}/offers/${offer.id}`;
    const current = ok<{ custom_fields: Record<string, unknown> }>(await admin.get(url));
    ok(
      await admin.put(url, {
        custom_fields: {
          ...current.custom_fields,
          [budget.id]: 420_000,
          [hidden.id]: 'secret',
          [gone.id]: 'old',
        },
      }),
    );
    ok(
      await admin.put(`/api/custom-fields/${gone.id}`, {
        label: 'Ancien',
        show_in_list: true,
        archived: true,
      }),
    );
    const page = ok<{ data: Row[] }>(await admin.get('/api/projects/all/offers?per_page=100'));
    const row = page.data.find((o) => o.id === offer.id)!;
    expect(row.custom_fields).toEqual({ [budget.id]: 420_000 });
    // Every row carries the map, empty when the offer has no value.
    expect(page.data.every((o) => o.custom_fields && typeof o.custom_fields === 'object')).toBe(
      true,
    );

    // The other company's list: its own fields only, never the demo company's values.
    const theirs = await field(other, {
      entity: 'offer',
      type: 'yes_no',
      label: 'Urgent',
      show_in_list: true,
    });
    const otherPage = ok<{ data: Row[] }>(await other.get('/api/projects/all/offers?per_page=100'));
    expect(otherPage.data.length).toBeGreaterThan(0);
    for (const o of otherPage.data) {
      expect(Object.keys(o.custom_fields ?? {})).not.toContain(String(budget.id));
      expect(Object.keys(o.custom_fields ?? {}).every((k) => k === String(theirs.id))).toBe(true);
    }
    expect(
      page.data.some((o) => Object.keys(o.custom_fields ?? {}).includes(String(theirs.id))),
    ).toBe(false);
  });

  it('documents the values of list items in the OpenAPI document', async () => {
    const doc = ok<{ paths: Record<string, { get?: { responses?: Record<string, unknown> } }> }>(
      await admin.get('/api/docs/json'),
    );
    const listed = (pattern: RegExp) => {
      const path = Object.keys(doc.paths).find((p) => pattern.test(p));
      expect(path).toBeDefined();
      return JSON.stringify(doc.paths[path!]!.get?.responses?.['200']);
    };
    expect(listed(/^\/api\/projects\/\{[^}]+\}\/offers$/)).toContain('"custom_fields"');
    expect(listed(/\/offers\/\{[^}]+\}\/applications$/)).toContain('"custom_fields"');
  });

  it('filters the offer list on an amount, a date and a multiple choice', async () => {
    const amount = await field(admin, { entity: 'offer', type: 'currency', label: 'Prime' });
    const day = await field(admin, { entity: 'offer', type: 'date', label: 'Comité' });
    const tags = await field(admin, {
      entity: 'offer',
      type: 'multiple_choice',
      label: 'Canaux',
      options: ['Salon', 'École'],
    });
    const url = `/api/projects/${offer.project_id}/offers/${offer.id}`;
    ok(
      await admin.put(url, {
        custom_fields: { [amount.id]: 150_000, [day.id]: '2026-12-01', [tags.id]: ['École'] },
      }),
    );
    const ids = async (query: string) =>
      ok<{ data: Row[] }>(
        await admin.get(`/api/projects/all/offers?per_page=100&${query}`),
      ).data.map((o) => o.id);
    expect(await ids(`filter[custom_fields][${amount.id}]=150000`)).toEqual([offer.id]);
    expect(await ids(`filter[custom_fields][${amount.id}]=1500`)).toEqual([]);
    expect(await ids(`filter[custom_fields][${day.id}]=2026-12-01`)).toEqual([offer.id]);
    expect(await ids(`filter[custom_fields][${tags.id}]=${encodeURIComponent('École')}`)).toEqual([
      offer.id,
    ]);
    expect(await ids(`filter[custom_fields][${tags.id}]=Salon`)).toEqual([]);
    // Text: contains, without case nor accents.
    const memo = await field(admin, { entity: 'offer', type: 'text', label: 'Mémo' });
    ok(await admin.put(url, { custom_fields: { [memo.id]: 'Réservé ÉCOLE' } }));
    expect(await ids(`filter[custom_fields][${memo.id}]=ecole`)).toEqual([offer.id]);
    expect(
      await ids(`filter[custom_fields][${memo.id}]=${encodeURIComponent('réservé é')}`),
    ).toEqual([offer.id]);
    // Another company cannot filter on the demo company's field.
    expect(
      (await other.get(`/api/projects/all/offers?filter[custom_fields][${day.id}]=x`)).statusCode,
    ).toBe(422);
  });

  it("gives an offer's application rows and board cards their application's and applicant's values", async () => {
    const level = await field(admin, {
      entity: 'application',
      type: 'single_choice',
      label: 'Niveau',
      options: ['Junior', 'Senior'],
      show_in_list: true,
    });
    const quiet = await field(admin, { entity: 'application', type: 'text', label: 'Mémo' });
    const mobile = await field(admin, {
      entity: 'applicant',
      type: 'yes_no',
      label: 'Mobile',
      show_in_list: true,
    });
    const base = `/api/projects/${offer.project_id}/offers/${offer.id}/applications`;
    const [first, second] = ok<{ data: AppRow[] }>(await admin.get(`${base}?page=1`)).data;
    ok(
      await admin.put(`/api/applications/${first!.id}/custom-fields`, {
        custom_fields: { [level.id]: 'Senior', [quiet.id]: 'caché' },
      }),
    );
    ok(
      await admin.put(`/api/applicants/${first!.applicant_id}/custom-fields`, {
        custom_fields: { [mobile.id]: false },
      }),
    );
    expect(ok(await admin.get(`/api/applications/${first!.id}/custom-fields`))).toEqual({
      custom_fields: { [level.id]: 'Senior', [quiet.id]: 'caché' },
    });
    const rows = ok<{ data: AppRow[] }>(await admin.get(`${base}?page=1`)).data;
    expect(rows.find((r) => r.id === first!.id)!.custom_fields).toEqual({
      [level.id]: 'Senior',
      [mobile.id]: false,
    });
    const secondRow = rows.find((r) => r.id === second!.id)!;
    expect(secondRow.custom_fields).toEqual(
      second!.applicant_id === first!.applicant_id ? { [mobile.id]: false } : {},
    );
    // The unpaged list (every application) carries them too.
    const all = ok<AppRow[]>(await admin.get(base));
    expect(all.find((r) => r.id === first!.id)!.custom_fields).toMatchObject({
      [level.id]: 'Senior',
    });

    // Another company: 404 on the application's values, read or written.
    const url = `/api/applications/${first!.id}/custom-fields`;
    expect((await other.get(url)).statusCode).toBe(404);
    expect((await other.put(url, { custom_fields: {} })).statusCode).toBe(404);
    // …and an application field of theirs is unknown here.
    const theirs = await field(other, { entity: 'application', type: 'text', label: 'X' });
    expect(
      (await admin.put(url, { custom_fields: { [theirs.id]: 'x' } })).json<{
        errors: Record<string, string[]>;
      }>().errors,
    ).toEqual({ [`custom_fields.${theirs.id}`]: ['unknown_field'] });
  });
});
