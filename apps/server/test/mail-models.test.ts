import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TMailModel, TMailModelPage, TMailPreview } from '@embauche/contracts/mail-models';
import { mergeFieldsIn, unknownMergeFields } from '@embauche/contracts/mail-models';
import { DEFAULT_APPLICATION_FIELDS } from '@embauche/contracts/offer-settings';
import { ApplyTokens } from '../src/modules/career-site/career-site-apply-form.ts';
import { secretBoxFor } from '../src/platform/crypto/secret-box.ts';
import { fillMergeFields } from '../src/platform/mail/merge-fields.ts';
import { careerSiteForm } from './support/career-site-form.ts';
import { multipart } from './support/multipart.ts';
import { apiAs, type Api } from './support/api.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

/** An MJML document as GrapesJS's MJML preset exports it, with `body` in one text block. */
const mjml = (body: string, button = true) =>
  `<mjml><mj-body><mj-section><mj-column><mj-text>${body}</mj-text>${
    button ? '<mj-button href="{{offer.link}}">Voir l’offre</mj-button>' : ''
  }</mj-column></mj-section></mj-body></mjml>`;

describe('merge fields', () => {
  it('are found once each, and those a kind does not know are named', () => {
    expect(
      mergeFieldsIn('{{candidate.firstname}} {{ offer.title }} {{candidate.firstname}}'),
    ).toEqual(['candidate.firstname', 'offer.title']);
    expect(
      unknownMergeFields('application_received', '{{sender.email}} {{offer.title}} {{x.y}}'),
    ).toEqual(['sender.email', 'x.y']);
  });

  it('are filled escaped in the HTML, on one line in the subject, as given in the text', () => {
    const values = { 'candidate.firstname': '<b>Zoé</b> & "co"\nEve' };
    expect(
      fillMergeFields(
        '<p title="{{candidate.firstname}}">{{candidate.firstname}}</p>',
        values,
        'html',
      ),
    ).toBe(
      '<p title="&lt;b&gt;Zoé&lt;/b&gt; &amp; &quot;co&quot;\nEve">&lt;b&gt;Zoé&lt;/b&gt; &amp; &quot;co&quot;\nEve</p>',
    );
    expect(fillMergeFields('Bonjour {{candidate.firstname}}', values, 'subject')).toBe(
      'Bonjour <b>Zoé</b> & "co" Eve',
    );
    expect(fillMergeFields('{{candidate.firstname}} {{offer.title}}', values, 'text')).toBe(
      '<b>Zoé</b> & "co"\nEve ',
    );
  });
});

describe.each(testDatabases())('e-mail models on $dialect', (testDb) => {
  let ctx: TestContext;
  let admin: Api;
  let other: Api;
  let manager: Api;
  let refusal: TMailModel;

  beforeAll(async () => {
    ctx = await startTestApp(testDb);
    admin = apiAs(ctx.app, await signIn(ctx.app, 'admin@demo.test'));
    other = apiAs(ctx.app, await signIn(ctx.app, 'admin@other.test'));
    manager = apiAs(ctx.app, await signIn(ctx.app, 'manager@demo.test'));
  });
  afterAll(async () => ctx?.close());

  it('saves a model: compiled, sanitised, its text part written, merge fields kept for sending', async () => {
    const res = await admin.post('/api/mail-models', {
      kind: 'refusal',
      name: 'Refus après entretien',
      is_default: true,
      contents: {
        fr: {
          subject: 'Votre candidature au poste {{offer.title}}',
          mjml: mjml(
            'Bonjour {{candidate.firstname}},<br>merci.<script>alert(1)</script><a href="javascript:alert(1)">ici</a><img src="x" onerror="alert(1)">',
          ),
        },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    refusal = res.json<TMailModel>();
    expect(refusal).toMatchObject({
      kind: 'refusal',
      is_default: true,
      updated_by: 'Camille Durand',
    });
    const fr = refusal.contents.fr!;
    expect(refusal.contents.en).toBeNull();
    expect(fr.html).toContain('Bonjour {{candidate.firstname}}');
    expect(fr.html).toContain('href="{{offer.link}}"');
    expect(fr.html).toMatch(/<table/);
    expect(fr.html).not.toMatch(/<script|javascript:|onerror/);
    expect(fr.text).toContain('Bonjour {{candidate.firstname}},');
    expect(fr.text).toContain('Voir l’offre <{{offer.link}}>');
    const audit = await ctx.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'mail_model')
      .execute();
    expect(audit.map((a) => a.action)).toContain('mail_model.created');
  });

  it('refuses unknown merge fields naming them, and MJML that is not a whole document', async () => {
    const res = await admin.post('/api/mail-models', {
      kind: 'application_received',
      name: 'Accusé',
      contents: {
        fr: { subject: 'Merci {{sender.email}}', mjml: mjml('{{candidate.age}} {{offer.title}}') },
        en: { subject: 'Thanks', mjml: '<mjml><mj-body><mj-section>' },
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      'contents.fr.subject': ['unknown_merge_fields:sender.email'],
      'contents.fr.mjml': ['unknown_merge_fields:candidate.age'],
      'contents.en.mjml': ['invalid_mjml'],
    });
    const none = await admin.post('/api/mail-models', { kind: 'free', name: 'x', contents: {} });
    expect(none.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      contents: ['field_required'],
    });
  });

  it('keeps one default model per kind, lists by kind and name with filters, paged', async () => {
    const second = await admin.post('/api/mail-models', {
      kind: 'refusal',
      name: 'Refus sans entretien',
      is_default: true,
      contents: { en: { subject: 'Your application', mjml: mjml('Dear {{candidate.fullname}}') } },
    });
    expect(second.statusCode, second.body).toBe(201);
    const free = await admin.post('/api/mail-models', {
      kind: 'free',
      name: 'Relance',
      contents: { de: { subject: 'Hallo', mjml: mjml('Hallo {{candidate.firstname}}') } },
    });
    expect(free.statusCode, free.body).toBe(201);
    const all = (await admin.get('/api/mail-models')).json<TMailModelPage>();
    expect(all.data.map((m) => [m.kind, m.name, m.is_default, m.languages])).toEqual([
      ['free', 'Relance', false, ['de']],
      ['refusal', 'Refus après entretien', false, ['fr']],
      ['refusal', 'Refus sans entretien', true, ['en']],
    ]);
    const refusals = (
      await admin.get('/api/mail-models?filter[kind]=refusal&search=SANS&per_page=1')
    ).json<TMailModelPage>();
    expect(refusals).toMatchObject({ total: 1, per_page: 1, last_page: 1 });
    expect(refusals.data[0]!.name).toBe('Refus sans entretien');
    expect((await admin.get('/api/mail-models?filter[kind]=nope')).statusCode).toBe(422);
    // The kind never changes.
    const changed = await admin.put(`/api/mail-models/${refusal.id}`, {
      kind: 'free',
      name: 'x',
      contents: { fr: { subject: 's', mjml: mjml('x') } },
    });
    expect(changed.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      kind: ['invalid'],
    });
  });

  it('previews with sample data in the language asked, escaped, and sends a test to the user', async () => {
    const res = await admin.post('/api/mail-models/preview', {
      kind: 'refusal',
      language: 'de',
      subject: 'Ihre Bewerbung bei {{company.name}}',
      mjml: mjml('Hallo {{candidate.firstname}}, {{sender.fullname}}'),
    });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json<TMailPreview>();
    expect(preview.subject).toBe('Ihre Bewerbung bei Groupe Valmont');
    expect(preview.html).toContain('Hallo Anna, Camille Durand');
    expect(preview.html).toMatch(/href="http[^"]+\/careers\/example\/offers\/1"/);
    expect(preview.text).toContain('Hallo Anna, Camille Durand');
    const test = await admin.post(`/api/mail-models/${refusal.id}/test`, { language: 'fr' });
    expect(test.statusCode, test.body).toBe(202);
    const mail = await ctx.database.db
      .selectFrom('mail_outbox')
      .select(['to', 'subject', 'text'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail).toMatchObject({
      to: 'admin@demo.test',
      subject: 'Votre candidature au poste Chargé(e) de recrutement',
    });
    expect(mail.text).toContain('Bonjour Léa,');
    const missing = await admin.post(`/api/mail-models/${refusal.id}/test`, { language: 'es' });
    expect(missing.statusCode).toBe(422);
  });

  it('is the document request e-mail when the company has one, escaped; else the built-in text', async () => {
    const applicant = (await admin.get('/api/applicants')).json<{ data: { id: number }[] }>()
      .data[0]!;
    await ctx.database.db
      .updateTable('applicants')
      .set({ firstname: '<b>Zoé</b>' })
      .where('id', '=', applicant.id)
      .execute();
    const ask = async () => {
      const asked = await admin.post(`/api/applicants/${applicant.id}/ask-documents`, {
        applicant_id: applicant.id,
        document_ids: [1, 3],
      });
      expect(asked.statusCode, asked.body).toBe(200);
      return ctx.database.db
        .selectFrom('mail_outbox')
        .select(['subject', 'text', 'html'])
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
    };
    expect((await ask()).subject).toBe(
      'Groupe Valmont : documents demandés pour votre candidature',
    );
    // A model in English only: the company writes in French, so the built-in text still goes.
    const model = await admin.post('/api/mail-models', {
      kind: 'document_request',
      name: 'Pièces',
      is_default: true,
      contents: {
        en: { subject: 'Documents', mjml: mjml('{{documents.list}} {{upload.link}}', false) },
      },
    });
    expect(model.statusCode, model.body).toBe(201);
    expect((await ask()).subject).toBe(
      'Groupe Valmont : documents demandés pour votre candidature',
    );
    const id = model.json<TMailModel>().id;
    const fr = await admin.put(`/api/mail-models/${id}`, {
      kind: 'document_request',
      name: 'Pièces',
      is_default: true,
      contents: {
        fr: {
          subject: '{{company.name}} attend vos pièces, {{candidate.firstname}}',
          mjml: mjml(
            'Bonjour {{candidate.firstname}}, {{sender.fullname}} attend : {{documents.list}}. <a href="{{upload.link}}">Déposer</a>',
            false,
          ),
        },
      },
    });
    expect(fr.statusCode, fr.body).toBe(200);
    const mail = await ask();
    expect(mail.subject).toBe('Groupe Valmont attend vos pièces, <b>Zoé</b>');
    expect(mail.html).toContain(
      'Bonjour &lt;b&gt;Zoé&lt;/b&gt;, Camille Durand attend : Pièce d&#39;identité, Diplôme.',
    );
    expect(mail.html).toMatch(/href="http[^"]+\/documents-upload\/[A-Za-z0-9_-]+"/);
    expect(mail.text).toContain('Bonjour <b>Zoé</b>, Camille Durand attend');
    // Not the default any more: the built-in text again.
    await admin.put(`/api/mail-models/${id}`, {
      kind: 'document_request',
      name: 'Pièces',
      is_default: false,
      contents: { fr: { subject: 'x', mjml: mjml('x', false) } },
    });
    expect((await ask()).subject).toBe(
      'Groupe Valmont : documents demandés pour votre candidature',
    );
  });

  it('is the career site’s confirmation in the candidate’s language when the company has one', async () => {
    expect((await admin.put('/api/config/career-site', careerSiteForm())).statusCode).toBe(200);
    const offer = await ctx.database.db
      .selectFrom('offers')
      .select('id')
      .where(
        'company_id',
        '=',
        (await admin.get('/api/me')).json<{ company_id: number }>().company_id,
      )
      .where('project_id', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await ctx.database.db
      .updateTable('offers')
      .set({ status: 'published', archived: false, job_position: 'Soudeur H/F' })
      .where('id', '=', offer.id)
      .execute();
    await admin.put('/api/application-path', {
      fields: { ...DEFAULT_APPLICATION_FIELDS, cv: 'optional' },
      document_type_ids: [],
    });
    const created = await admin.post('/api/mail-models', {
      kind: 'application_received',
      name: 'Accusé de réception',
      is_default: true,
      contents: {
        en: {
          subject: 'We received your application, {{candidate.firstname}}',
          mjml: mjml('Thank you {{candidate.fullname}} for applying to {{offer.title}}.'),
        },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const me = (await admin.get('/api/me')).json<{ company_id: number }>();
    const tokens = new ApplyTokens(secretBoxFor(ctx.config), () => Date.now() - 10_000);
    const apply = async (email: string, lng: string, ip: string) => {
      const form = multipart({
        t: tokens.issue(me.company_id, offer.id),
        notice: '1',
        consent: '1',
        firstname: 'Noé',
        lastname: 'Durand',
        email,
        lng,
      });
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/careers/valmont-recrute/offers/${offer.id}`,
        payload: form.payload,
        headers: form.headers,
        remoteAddress: ip,
      });
      expect(res.statusCode, res.body).toBe(303);
      return ctx.database.db
        .selectFrom('mail_outbox')
        .select(['subject', 'html'])
        .where('to', '=', email)
        .executeTakeFirstOrThrow();
    };
    const en = await apply('noe.en@example.test', 'en', '203.0.113.90');
    expect(en.subject).toBe('We received your application, Noé');
    expect(en.html).toContain('Thank you Noé Durand for applying to Soudeur H/F.');
    // In French the company has no model: the built-in confirmation.
    const fr = await apply('noe.fr@example.test', 'fr', '203.0.113.91');
    expect(fr.subject).toMatch(/^Votre candidature « Soudeur H\/F » – /);
  });

  it('is another company’s 404 on every route, and needs config.emails', async () => {
    const id = refusal.id;
    expect((await other.get(`/api/mail-models/${id}`)).statusCode).toBe(404);
    expect(
      (
        await other.put(`/api/mail-models/${id}`, {
          kind: 'refusal',
          name: 'x',
          contents: { fr: { subject: 's', mjml: mjml('x') } },
        })
      ).statusCode,
    ).toBe(404);
    expect((await other.post(`/api/mail-models/${id}/test`, { language: 'fr' })).statusCode).toBe(
      404,
    );
    expect((await other.del(`/api/mail-models/${id}`)).statusCode).toBe(404);
    expect((await other.get('/api/mail-models')).json<TMailModelPage>().total).toBe(0);
    expect((await manager.get('/api/mail-models')).statusCode).toBe(403);
    expect((await admin.del(`/api/mail-models/${id}`)).statusCode).toBe(204);
    expect((await admin.get(`/api/mail-models/${id}`)).statusCode).toBe(404);
  });
});
