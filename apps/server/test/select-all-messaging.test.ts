import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TMailing } from '@embauche/contracts/mailings';
import type { TSmsMassSendResult } from '@embauche/contracts/sms';
import { apiAs, projectId, type Api } from './support/api.ts';
import { companyOf, insertOffer } from './support/insert-company.ts';
import { insertApplicants } from './support/insert-applicants.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

const mjml = (body: string) =>
  `<mjml><mj-body><mj-section><mj-column><mj-text>${body}</mj-text></mj-column></mj-section></mj-body></mjml>`;

/**
 * "Select all that match" for e-mail and SMS (issue 42 part 2, docs/bulk-actions.md): a mailing or
 * a mass SMS to a list's filtered selection writes to exactly that set, resolved on the server;
 * another company naming the offer gets 404, a count that changed 409, a set over the cap 422.
 */
describe.each(testDatabases())('writing to all that match on $dialect', (testDb) => {
  let ctx: TestContext;
  let admin: Api;
  let other: Api;
  let project: number;
  let offer: number;
  /** The 300 applications at status 2 on the offer (the filtered set), in id order. */
  let shortlisted: number[];
  /** Applications at status 2 elsewhere: another offer of Valmont, an offer of the other company. */
  let elsewhere: number[];

  const all = (filters: Record<string, string>, count: number, except: number[] = []) => ({
    all: { list: 'offer', project_id: project, offer_id: offer, filters, except, count },
  });
  const shortlist = { 'filter[statuses]': '2' };
  const content = {
    subject: 'Réunion d’information',
    mjml: mjml('Bonjour {{candidate.firstname}}'),
  };

  beforeAll(async () => {
    ctx = await startTestApp(testDb);
    admin = apiAs(ctx.app, await signIn(ctx.app, 'admin@demo.test'));
    other = apiAs(ctx.app, await signIn(ctx.app, 'admin@other.test'));
    const db = ctx.database.db;
    const company = (email: string) => companyOf(db, email);
    const valmont = await company('admin@demo.test');
    const otherId = await company('admin@other.test');
    project = await projectId(admin, 'Finance et contrôle de gestion');
    const now = new Date().toISOString();
    const newOffer = (company_id: number, project_id: number, job_position: string) =>
      insertOffer(db, company_id, project_id, job_position, now);
    offer = await newOffer(valmont, project, 'Vendeur saisonnier');
    const second = await newOffer(valmont, project, 'Autre offre');
    const otherProject = (await db
      .selectFrom('projects')
      .select('id')
      .where('company_id', '=', otherId)
      .executeTakeFirstOrThrow())!.id;
    const foreign = await newOffer(otherId, otherProject, 'Offre de la mairie');
    let phones = 0;
    // A valid French mobile number each: 06 1x xx xx xx.
    const phone = () => `06${String(10_000_000 + phones++)}`;
    const people = (company_id: number, offer_id: number, prefix: string, n: number) =>
      Array.from({ length: n }, (_, i) => ({
        company_id,
        firstname: `${prefix}${i}`,
        lastname: 'Saison',
        email: `${prefix}${i}@exemple.fr`,
        phone: phone(),
        offer_id,
      }));
    // 360 on the offer: 300 moved to status 2 (the filtered set), 60 left at 1.
    const rows: number[] = [];
    for (const chunk of [0, 1, 2]) {
      const made = await insertApplicants(db, people(valmont, offer, `sel${chunk}x`, 120));
      rows.push(...made.map((r) => r.application!));
    }
    shortlisted = rows.slice(0, 300).sort((a, b) => a - b);
    await db
      .updateTable('applications')
      .set({ status_id: 2 })
      .where('id', 'in', shortlisted)
      .execute();
    const few = async (company_id: number, offer_id: number, prefix: string) => {
      const made = await insertApplicants(db, people(company_id, offer_id, prefix, 5));
      const ids = made.map((r) => r.application!);
      await db.updateTable('applications').set({ status_id: 2 }).where('id', 'in', ids).execute();
      return ids;
    };
    elsewhere = [
      ...(await few(valmont, second, 'ailleurs')),
      ...(await few(otherId, foreign, 'mairie')),
    ];
  }, 120_000);
  afterAll(() => ctx?.close());

  const recipientsOf = async (mailingId: number) =>
    (
      await ctx.database.db
        .selectFrom('mailing_recipients')
        .select('application_id')
        .where('mailing_id', '=', mailingId)
        .orderBy('application_id')
        .execute()
    ).map((r) => r.application_id!);
  const textedApplications = async (body: string) =>
    (
      await ctx.database.db
        .selectFrom('sms_messages')
        .innerJoin('sms_conversations', 'sms_conversations.id', 'sms_messages.conversation_id')
        .select('sms_conversations.application_id')
        .where('sms_messages.body', '=', body)
        .orderBy('sms_conversations.application_id')
        .execute()
    ).map((r) => r.application_id);

  it('e-mails exactly the 300 filtered applications (recipients and outbox), less those unticked', async () => {
    const res = await admin.post('/api/mailings', {
      recipients: { selection: all(shortlist, 300) },
      content,
    });
    expect(res.statusCode, res.body).toBe(202);
    const mailing = res.json<TMailing>();
    expect(mailing.total).toBe(300);
    expect(await recipientsOf(mailing.id)).toEqual(shortlisted);
    await ctx.app.worker.drain();
    const done = (await admin.get(`/api/mailings/${mailing.id}`)).json<TMailing>();
    expect(done).toMatchObject({ status: 'done', sent: 300, skipped: 0 });
    const outbox = await ctx.database.db
      .selectFrom('mail_outbox')
      .select('to')
      .where('subject', '=', content.subject)
      .execute();
    expect(outbox).toHaveLength(300);
    expect(outbox.every((m) => /^sel\dx\d+@exemple\.fr$/.test(m.to))).toBe(true);
    // Two unticked after "all": 298, the ids given too are written to once.
    const except = shortlisted.slice(0, 2);
    const fewer = await admin.post('/api/mailings', {
      recipients: { selection: all(shortlist, 298, except), application_ids: [shortlisted[5]] },
      content: { ...content, subject: 'Deuxième envoi' },
    });
    expect(fewer.statusCode, fewer.body).toBe(202);
    expect(await recipientsOf(fewer.json<TMailing>().id)).toEqual(shortlisted.slice(2));
  });

  it('answers 409 with the current count, 404 to another company, 422 over the cap; nothing queued', async () => {
    const before = await ctx.database.db.selectFrom('mailings').select('id').execute();
    const changed = await admin.post('/api/mailings', {
      recipients: { selection: all(shortlist, 299) },
      content,
    });
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toMatchObject({ code: 'selection_changed', errors: { count: ['300'] } });
    const foreign = await other.post('/api/mailings', {
      recipients: { selection: all(shortlist, 300) },
      content,
    });
    expect(foreign.statusCode).toBe(404);
    const big = await admin.post('/api/mailings', {
      recipients: { selection: all({}, 10_001) },
      content,
    });
    expect(big.statusCode).toBe(422);
    expect(big.json().errors.recipients).toEqual(['max_items:10000']);
    // The ids and the selection together count toward the cap too.
    const mixed = await admin.post('/api/mailings', {
      recipients: { selection: all(shortlist, 9_999), application_ids: shortlisted.slice(0, 2) },
      content,
    });
    expect(mixed.statusCode).toBe(422);
    expect(await ctx.database.db.selectFrom('mailings').select('id').execute()).toHaveLength(
      before.length,
    );
  });

  it('texts exactly the 300 filtered applications, one each', async () => {
    const message = 'Réunion d’information lundi à 9 h (tous).';
    const res = await admin.post('/api/sms/mass-send', { selection: all(shortlist, 300), message });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<TSmsMassSendResult>();
    expect(result.refused).toEqual([]);
    expect(result.sent.map((s) => s.applicationId).sort((a, b) => a - b)).toEqual(shortlisted);
    const texted = await textedApplications(message);
    expect(texted).toEqual(shortlisted);
    expect(texted.filter((id) => elsewhere.includes(id))).toEqual([]);
  });

  it('SMS: 409 when the count changed, 404 to another company, 422 over 500 or with ids too', async () => {
    const message = 'Jamais envoyé.';
    const changed = await admin.post('/api/sms/mass-send', {
      selection: all(shortlist, 301),
      message,
    });
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toMatchObject({ code: 'selection_changed', errors: { count: ['300'] } });
    const foreign = await other.post('/api/sms/mass-send', {
      selection: all(shortlist, 300),
      message,
    });
    expect(foreign.statusCode).toBe(404);
    const big = await admin.post('/api/sms/mass-send', { selection: all({}, 501), message });
    expect(big.statusCode).toBe(422);
    expect(big.json().errors.selection).toEqual(['max_items:500']);
    const both = await admin.post('/api/sms/mass-send', {
      selection: all(shortlist, 300),
      applicant_ids: [1],
      message,
    });
    expect(both.statusCode).toBe(422);
    expect(await textedApplications(message)).toEqual([]);
  });
});
