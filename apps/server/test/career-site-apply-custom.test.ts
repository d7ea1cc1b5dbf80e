import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TApplicationOverview } from '@embauche/contracts/applications';
import type { TCustomField } from '@embauche/contracts/custom-fields';
import { DEFAULT_APPLICATION_FIELDS } from '@embauche/contracts/offer-settings';
import { secretBoxFor } from '../src/platform/crypto/secret-box.ts';
import { ApplyTokens } from '../src/modules/career-site/career-site-apply-form.ts';
import { apiAs, type Api } from './support/api.ts';
import { multipart } from './support/multipart.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';
import { careerSiteForm } from './support/career-site-form.ts';

/**
 * docs/career-site.md "Applying", the company's own questions: applicant and application custom
 * fields marked `ask_candidates` show on the apply form by type, are checked (required, type,
 * options) with the candidate's input kept, and become the fields' values (an applicant field
 * that already holds one keeps it); the answers stay readable with the consent. An offer's field
 * is never asked; another company's fields never show.
 */
describe.each(testDatabases())('custom fields asked on the career site on $dialect', (testDb) => {
  let ctx: TestContext;
  let admin: Api;
  let other: Api;
  let valmont: number;
  let offers: number[];
  let tokens: ApplyTokens;
  const fields: Record<string, TCustomField> = {};

  const page = (offerId: number) =>
    ctx.app.inject({ method: 'GET', url: `/careers/valmont-recrute/offers/${offerId}` });
  const apply = (offerId: number, body: Record<string, string | string[]>, ip: string) => {
    const form = multipart({
      t: tokens.issue(valmont, offerId),
      notice: '1',
      consent: '1',
      firstname: 'Maëlle',
      lastname: 'Roux',
      ...body,
    });
    return ctx.app.inject({
      method: 'POST',
      url: `/careers/valmont-recrute/offers/${offerId}`,
      payload: form.payload,
      headers: form.headers,
      remoteAddress: ip,
    });
  };
  const create = async (api: Api, body: Record<string, unknown>) => {
    const res = await api.post('/api/custom-fields', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<TCustomField>();
  };
  const cf = (key: string) => `cf_${fields[key]!.id}`;
  const valuesOf = async (entity: 'applicants' | 'applications', id: number) =>
    (await admin.get(`/api/${entity}/${id}/custom-fields`)).json<{
      custom_fields: Record<string, unknown>;
    }>().custom_fields;
  const applicantOf = async (email: string) =>
    ctx.database.db
      .selectFrom('applicants')
      .select('id')
      .where('company_id', '=', valmont)
      .where('email', '=', email)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    ctx = await startTestApp(testDb);
    admin = apiAs(ctx.app, await signIn(ctx.app, 'admin@demo.test'));
    other = apiAs(ctx.app, await signIn(ctx.app, 'admin@other.test'));
    valmont = (await admin.get('/api/me')).json<{ company_id: number }>().company_id;
    expect((await admin.put('/api/config/career-site', careerSiteForm())).statusCode).toBe(200);
    const { db } = ctx.database;
    offers = (
      await db
        .selectFrom('offers')
        .select('id')
        .where('company_id', '=', valmont)
        .where('project_id', 'is not', null)
        .orderBy('id')
        .limit(2)
        .execute()
    ).map((o) => o.id);
    await db
      .updateTable('offers')
      .set({ status: 'published', archived: false, job_position: 'Soudeur H/F' })
      .where('id', 'in', offers)
      .execute();
    const path = await admin.put('/api/application-path', {
      fields: { ...DEFAULT_APPLICATION_FIELDS, cv: 'optional' },
      document_type_ids: [],
    });
    expect(path.statusCode, path.body).toBe(200);
    tokens = new ApplyTokens(secretBoxFor(ctx.config), () => Date.now() - 10_000);
    const ask = { ask_candidates: true };
    fields.licence = await create(admin, {
      entity: 'applicant',
      type: 'yes_no',
      label: 'Permis B',
      required: true,
      ...ask,
    });
    fields.languages = await create(admin, {
      entity: 'applicant',
      type: 'multiple_choice',
      label: 'Langues parlées',
      options: ['Anglais', 'Allemand', 'Italien'],
      ...ask,
    });
    fields.salary = await create(admin, {
      entity: 'application',
      type: 'currency',
      label: 'Prétentions salariales',
      ...ask,
    });
    fields.shift = await create(admin, {
      entity: 'application',
      type: 'single_choice',
      label: 'Horaires',
      options: ['Jour', 'Nuit'],
      required: true,
      ...ask,
    });
    fields.internal = await create(admin, {
      entity: 'applicant',
      type: 'text',
      label: 'Avis du recruteur',
      required: true,
    });
    fields.offer = await create(admin, {
      entity: 'offer',
      type: 'text',
      label: 'Code interne',
      ...ask,
    });
    fields.archived = await create(admin, {
      entity: 'application',
      type: 'text',
      label: 'Ancienne question',
      ...ask,
    });
    const archive = await admin.put(`/api/custom-fields/${fields.archived.id}`, {
      label: 'Ancienne question',
      ask_candidates: true,
      archived: true,
    });
    expect(archive.statusCode, archive.body).toBe(200);
    fields.theirs = await create(other, {
      entity: 'applicant',
      type: 'text',
      label: 'Question de la mairie',
      ...ask,
    });
  });
  afterAll(async () => ctx?.close());

  it('keeps the setting on applicant and application fields, never on an offer’s', async () => {
    expect(fields.licence!.ask_candidates).toBe(true);
    expect(fields.salary!.ask_candidates).toBe(true);
    expect(fields.internal!.ask_candidates).toBe(false);
    expect(fields.offer!.ask_candidates).toBe(false);
    const edited = await admin.put(`/api/custom-fields/${fields.offer!.id}`, {
      label: 'Code interne',
      ask_candidates: true,
    });
    expect(edited.json<TCustomField>().ask_candidates).toBe(false);
    // Another company's field answers 404, whatever it asks.
    expect((await other.get(`/api/custom-fields/${fields.licence!.id}`)).statusCode).toBe(404);
  });

  it('shows the asked fields by type, labelled, after the path’s fields; nothing else', async () => {
    const html = (await page(offers[0]!)).body;
    expect(html).toMatch(
      new RegExp(
        `<legend>Permis B <span class="req" aria-hidden="true">\\*</span></legend><div class="check"><input id="a-${cf('licence')}" name="${cf('licence')}" type="radio" value="1" required>`,
      ),
    );
    expect(html).toContain(`name="${cf('languages')}[]" type="checkbox" value="Allemand"`);
    expect(html).toMatch(
      new RegExp(
        `<label for="a-${cf('salary')}">Prétentions salariales \\(en euros\\) <span class="opt">`,
      ),
    );
    expect(html).toContain(`name="${cf('salary')}" type="number" inputmode="decimal" step="0.01"`);
    expect(html).toMatch(
      new RegExp(`<select id="a-${cf('shift')}" name="${cf('shift')}" required>`),
    );
    // Fields not asked, archived, of an offer or of another company stay out.
    for (const key of ['internal', 'offer', 'archived', 'theirs'])
      expect(html).not.toContain(`name="${cf(key)}`);
    expect(html).not.toContain('Question de la mairie');
    // In the form's order: the path's texts, the questions, then the files.
    expect(html.indexOf('name="cover_letter"')).toBeLessThan(html.indexOf(cf('licence')));
    expect(html.indexOf(cf('shift'))).toBeLessThan(html.indexOf('name="cv"'));
  });

  it('refuses what is missing or wrong, in the page’s language, keeping what was typed', async () => {
    const res = await apply(
      offers[0]!,
      {
        email: 'maelle.roux@example.test',
        [cf('salary')]: 'beaucoup',
        [cf('shift')]: 'Matin',
        [cf('languages')]: ['Italien'],
      },
      '203.0.113.40',
    );
    expect(res.statusCode, res.body).toBe(422);
    const html = res.body;
    expect(html).toContain('Le formulaire contient 3 erreurs');
    expect(html).toContain(
      `<a href="#a-${cf('licence')}">Permis B : Ce champ est obligatoire.</a>`,
    );
    expect(html).toContain(
      `<a href="#a-${cf('salary')}">Prétentions salariales : Cette valeur n’est pas valide.</a>`,
    );
    expect(html).toContain(
      `<a href="#a-${cf('shift')}">Horaires : Cette valeur n’est pas valide.</a>`,
    );
    expect(html).toMatch(
      new RegExp(`name="${cf('salary')}"[^>]*value="beaucoup" aria-invalid="true"`),
    );
    expect(html).toMatch(
      new RegExp(`name="${cf('languages')}\\[\\]" type="checkbox" value="Italien" checked`),
    );
    expect(html).toMatch(new RegExp(`aria-describedby="a-${cf('licence')}-error"><legend>`));
    const nothing = await ctx.database.db
      .selectFrom('applicants')
      .select('id')
      .where('email', '=', 'maelle.roux@example.test')
      .execute();
    expect(nothing).toEqual([]);
    // English page, English messages.
    const en = await apply(
      offers[0]!,
      { email: 'maelle.roux@example.test', lng: 'en', [cf('shift')]: 'Jour' },
      '203.0.113.41',
    );
    expect(en.body).toContain(
      `<a href="#a-${cf('licence')}">Permis B: This field is required.</a>`,
    );
  });

  it('stores the answers as the fields’ values and with the consent', async () => {
    const res = await apply(
      offers[0]!,
      {
        email: 'maelle.roux@example.test',
        [cf('licence')]: '1',
        [cf('languages')]: ['Italien', 'Anglais'],
        [cf('salary')]: '42 000,50',
        [cf('shift')]: 'Nuit',
      },
      '203.0.113.42',
    );
    expect(res.statusCode, res.body).toBe(303);
    const { id } = await applicantOf('maelle.roux@example.test');
    expect(await valuesOf('applicants', id)).toEqual({
      [fields.licence!.id]: true,
      // In the options' order.
      [fields.languages!.id]: ['Anglais', 'Italien'],
    });
    const overview = (await admin.get(`/api/applicants/${id}/applications-overview`)).json<
      TApplicationOverview[]
    >();
    const application = overview.find((a) => a.offer_id === offers[0])!;
    expect(await valuesOf('applications', application.id)).toEqual({
      [fields.salary!.id]: 4_200_050,
      [fields.shift!.id]: 'Nuit',
    });
    expect(application.career_site!.custom_fields).toEqual([
      expect.objectContaining({ label: 'Permis B', type: 'yes_no', value: true }),
      expect.objectContaining({ label: 'Langues parlées', value: ['Anglais', 'Italien'] }),
      expect.objectContaining({
        label: 'Prétentions salariales',
        type: 'currency',
        value: 4_200_050,
      }),
      expect.objectContaining({ label: 'Horaires', type: 'single_choice', value: 'Nuit' }),
    ]);
  });

  it('keeps the values a known applicant already holds; the new answers stay with the application', async () => {
    const { id } = await applicantOf('maelle.roux@example.test');
    const set = await admin.put(`/api/applicants/${id}/custom-fields`, {
      custom_fields: { [fields.licence!.id]: false },
    });
    expect(set.statusCode, set.body).toBe(200);
    const res = await apply(
      offers[1]!,
      {
        email: 'maelle.roux@example.test',
        [cf('licence')]: '1',
        [cf('shift')]: 'Jour',
      },
      '203.0.113.43',
    );
    expect(res.statusCode, res.body).toBe(303);
    expect(await valuesOf('applicants', id)).toEqual({
      [fields.licence!.id]: false,
      [fields.languages!.id]: ['Anglais', 'Italien'],
    });
    const overview = (await admin.get(`/api/applicants/${id}/applications-overview`)).json<
      TApplicationOverview[]
    >();
    const second = overview.find((a) => a.offer_id === offers[1])!;
    expect(second.career_site!.custom_fields.map((a) => [a.label, a.value])).toEqual([
      ['Permis B', true],
      ['Horaires', 'Jour'],
    ]);
    expect(await valuesOf('applications', second.id)).toEqual({ [fields.shift!.id]: 'Jour' });
  });
});
