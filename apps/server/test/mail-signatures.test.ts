import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TMailSignature, TMailSignaturePreview } from '@embauche/contracts/mail-signatures';
import { SIGNATURE_MERGE_FIELDS } from '@embauche/contracts/mail-signatures';
import type { TMailing } from '@embauche/contracts/mailings';
import { MailModelsRepository } from '../src/modules/mail-models/mail-models.repository.ts';
import { MailSignaturesRepository } from '../src/modules/mail-models/mail-signatures.repository.ts';
import { MailSignaturesService } from '../src/modules/mail-models/mail-signatures.service.ts';
import { appendSignature } from '../src/platform/mail/append-signature.ts';
import { apiAs, type Api } from './support/api.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

/** A signature as GrapesJS's MJML preset exports it, `body` in one text block. */
const mjml = (body: string) =>
  `<mjml><mj-body><mj-section><mj-column><mj-text>${body}</mj-text></mj-column></mj-section></mj-body></mjml>`;

describe('signatures, without a database', () => {
  it('know the sender’s and the company’s merge fields only', () => {
    expect(SIGNATURE_MERGE_FIELDS).toEqual([
      'company.name',
      'sender.firstname',
      'sender.lastname',
      'sender.fullname',
      'sender.email',
    ]);
  });

  it('go at the end of both parts, their styles in the head', () => {
    const mail = {
      to: 'x@example.test',
      html: '<html><head><title></title></head><body><div>Bonjour</div></body></html>',
      text: 'Bonjour\n',
    };
    const signed = appendSignature(mail, {
      html: '<html><head><style>.s{color:red}</style></head><body style="x"><p>Camille</p></body></html>',
      text: 'Camille\n',
    });
    expect(signed).toEqual({
      to: 'x@example.test',
      html: '<html><head><title></title><style>.s{color:red}</style>\n</head><body><div>Bonjour</div>\n<p>Camille</p>\n</body></html>',
      text: 'Bonjour\n\n-- \nCamille\n',
    });
    expect(appendSignature(mail, null)).toBe(mail);
  });
});

describe.each(testDatabases())('e-mail signatures on $dialect', (testDb) => {
  let ctx: TestContext;
  let admin: Api;
  let other: Api;
  let manager: Api;
  let valmont: number;
  let adminId: number;
  let managerId: number;

  beforeAll(async () => {
    ctx = await startTestApp(testDb);
    admin = apiAs(ctx.app, await signIn(ctx.app, 'admin@demo.test'));
    other = apiAs(ctx.app, await signIn(ctx.app, 'admin@other.test'));
    manager = apiAs(ctx.app, await signIn(ctx.app, 'manager@demo.test'));
    const me = (await admin.get('/api/me')).json<{ id: number; company_id: number }>();
    valmont = me.company_id;
    adminId = me.id;
    managerId = (await manager.get('/api/me')).json<{ id: number }>().id;
  });
  afterAll(async () => ctx?.close());

  /** The service the senders call, as the module builds it. */
  const signatures = () =>
    new MailSignaturesService(
      new MailSignaturesRepository(ctx.database.db),
      new MailModelsRepository(ctx.database.db),
      { record: async () => undefined },
    );

  it('stores the company’s signature per language: compiled, sanitised, merge fields kept', async () => {
    const empty = await admin.get('/api/config/mail-signature');
    expect(empty.statusCode).toBe(200);
    expect(empty.json<TMailSignature>().contents).toEqual({
      fr: null,
      en: null,
      es: null,
      de: null,
    });
    const res = await admin.put('/api/config/mail-signature', {
      contents: {
        fr: { mjml: mjml('L’équipe {{company.name}}<script>alert(1)</script>') },
        en: { mjml: mjml('The {{company.name}} team') },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json<TMailSignature>();
    expect(saved.contents.fr!.html).toContain('L’équipe {{company.name}}');
    expect(saved.contents.fr!.html).not.toMatch(/<script/);
    expect(saved.contents.fr!.text).toContain('L’équipe {{company.name}}');
    expect(saved.contents.es).toBeNull();
    expect((await admin.get('/api/config/mail-signature')).json<TMailSignature>()).toEqual(saved);
    const audit = await ctx.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('company_id', '=', valmont)
      .where('action', '=', 'company.mail_signature_updated')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('refuses merge fields a signature does not know, naming them, and changes nothing', async () => {
    const res = await admin.put('/api/config/mail-signature', {
      contents: {
        fr: { mjml: mjml('{{candidate.firstname}} {{offer.title}} {{sender.fullname}}') },
        de: { mjml: '<mjml><mj-body><mj-section>' },
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      'contents.fr.mjml': ['unknown_merge_fields:candidate.firstname,offer.title'],
      'contents.de.mjml': ['invalid_mjml'],
    });
    const mine = await manager.put('/api/me/mail-signature', {
      contents: { en: { mjml: mjml('{{interview.date}}') } },
    });
    expect(mine.statusCode).toBe(422);
    expect(mine.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      'contents.en.mjml': ['unknown_merge_fields:interview.date'],
    });
    const kept = (await admin.get('/api/config/mail-signature')).json<TMailSignature>();
    expect(kept.contents.fr!.mjml).toContain('L’équipe');
    expect(kept.contents.de).toBeNull();
  });

  it('needs config.emails for the company’s, and shows it to no other company', async () => {
    expect((await manager.get('/api/config/mail-signature')).statusCode).toBe(403);
    expect((await manager.put('/api/config/mail-signature', { contents: {} })).statusCode).toBe(
      403,
    );
    const theirs = (await other.get('/api/config/mail-signature')).json<TMailSignature>();
    expect(theirs.contents.fr).toBeNull();
    expect(await signatures().signatureFor(valmont + 1_000_000, null, 'fr')).toBeNull();
  });

  it('keeps each user’s own, for that user only', async () => {
    const res = await manager.put('/api/me/mail-signature', {
      contents: { en: { mjml: mjml('{{sender.fullname}} — {{sender.email}}') } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TMailSignature>().contents.en!.html).toContain('{{sender.fullname}}');
    // The admin's own is untouched, and the company's is not the manager's.
    expect(
      (await admin.get('/api/me/mail-signature')).json<TMailSignature>().contents.en,
    ).toBeNull();
    expect(
      (await admin.get('/api/config/mail-signature')).json<TMailSignature>().contents.en!.mjml,
    ).toContain('The {{company.name}} team');
    expect(
      (await other.get('/api/me/mail-signature')).json<TMailSignature>().contents.en,
    ).toBeNull();
    const rows = await ctx.database.db
      .selectFrom('mail_user_signatures')
      .select(['user_id', 'company_id', 'language'])
      .execute();
    expect(rows).toEqual([{ user_id: managerId, company_id: valmont, language: 'en' }]);
  });

  it('previews a signature with the signed-in user’s and company’s values, escaped', async () => {
    const res = await manager.post('/api/mail-signature/preview', {
      language: 'fr',
      mjml: mjml('{{sender.fullname}}<br>{{company.name}}'),
    });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json<TMailSignaturePreview>();
    expect(preview.html).toMatch(/<table/);
    expect(preview.text).toContain('Groupe Valmont');
    expect(preview.text).not.toContain('{{');
    const bad = await manager.post('/api/mail-signature/preview', {
      language: 'fr',
      mjml: mjml('{{candidate.lastname}}'),
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      mjml: ['unknown_merge_fields:candidate.lastname'],
    });
  });

  it('signatureFor: the user’s own in the language, else the company default’s, else any; else the company’s', async () => {
    const person = await ctx.database.db
      .selectFrom('users')
      .select(['firstname', 'lastname', 'email'])
      .where('id', '=', managerId)
      .executeTakeFirstOrThrow();
    // The manager's own, English only: English asked, then French asked (the company's default
    // language has none), then any.
    const en = await signatures().signatureFor(valmont, managerId, 'en');
    expect(en?.text).toContain(`${person.firstname} ${person.lastname} — ${person.email}`);
    expect((await signatures().signatureFor(valmont, managerId, 'de'))?.text).toBe(en?.text);
    // Their own in German and French now: German asked gives German, Spanish asked gives the
    // company's default language (French).
    await ctx.database.db
      .updateTable('users')
      .set({ firstname: '<b>Max</b>' })
      .where('id', '=', managerId)
      .execute();
    expect(
      (
        await putMine({
          de: { mjml: mjml('Grüße, {{sender.firstname}}') },
          fr: { mjml: mjml('Cordialement, {{sender.firstname}}') },
        })
      ).statusCode,
    ).toBe(200);
    const de = await signatures().signatureFor(valmont, managerId, 'de');
    expect(de?.text).toContain('Grüße, <b>Max</b>');
    expect(de?.html).toContain('Grüße, &lt;b&gt;Max&lt;/b&gt;');
    expect((await signatures().signatureFor(valmont, managerId, 'es'))?.text).toContain(
      'Cordialement',
    );
    // The admin has none: the company's, in the language (English), else its default (French).
    expect((await signatures().signatureFor(valmont, adminId, 'en'))?.text).toContain(
      'The Groupe Valmont team',
    );
    expect((await signatures().signatureFor(valmont, adminId, 'de'))?.text).toContain(
      'L’équipe Groupe Valmont',
    );
    expect((await signatures().signatureFor(valmont, null, 'fr'))?.text).toContain(
      'L’équipe Groupe Valmont',
    );
    // The company's removed: the admin's e-mails carry none.
    expect((await admin.put('/api/config/mail-signature', { contents: {} })).statusCode).toBe(200);
    expect(await signatures().signatureFor(valmont, adminId, 'fr')).toBeNull();
  });

  it('is appended to each e-mail of a mailing, in the HTML and the text, and to its preview', async () => {
    await admin.put('/api/me/mail-signature', {
      contents: { fr: { mjml: mjml('Signé {{sender.fullname}}, {{company.name}}') } },
    });
    const app = await ctx.database.db
      .selectFrom('applications')
      .select(['id', 'applicant_id'])
      .where('company_id', '=', valmont)
      .where('offer_id', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await ctx.database.db
      .updateTable('applicants')
      .set({ email: 'signature.mailing@example.test', email_blocked: null })
      .where('id', '=', app.applicant_id!)
      .execute();
    const res = await admin.post('/api/mailings', {
      recipients: { application_ids: [app.id] },
      content: { subject: 'Bonjour', mjml: mjml('Bonjour {{candidate.firstname}}') },
    });
    expect(res.statusCode, res.body).toBe(202);
    await ctx.app.worker.drain();
    const mailing = (await admin.get(`/api/mailings/${res.json<TMailing>().id}`)).json<TMailing>();
    expect(mailing).toMatchObject({ status: 'done', sent: 1 });
    const [mail] = await ctx.database.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to', '=', 'signature.mailing@example.test')
      .execute();
    expect(mail!.html).toMatch(
      /Bonjour [\s\S]*Signé Camille Durand, Groupe Valmont[\s\S]*<\/body>/,
    );
    expect(mail!.html).not.toContain('{{');
    expect(mail!.text).toMatch(/^Bonjour .+\n\n-- \nSigné Camille Durand, Groupe Valmont\n$/);
    // The dialog's preview ends the same way.
    const preview = await admin.post('/api/mailings/preview', {
      applicant_id: app.applicant_id,
      application_id: app.id,
      content: { subject: 'Bonjour', mjml: mjml('Bonjour {{candidate.firstname}}') },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json<{ text: string }>().text).toMatch(
      /\n-- \nSigné Camille Durand, Groupe Valmont\n$/,
    );
    expect(preview.json<{ html: string }>().html).toContain('Signé Camille Durand, Groupe Valmont');
  });

  async function putMine(contents: Record<string, { mjml: string }>) {
    return manager.put('/api/me/mail-signature', { contents });
  }
});
