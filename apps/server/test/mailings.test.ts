import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TMailModel } from '@embauche/contracts/mail-models';
import type { TMailing } from '@embauche/contracts/mailings';
import { secretBoxFor } from '../src/platform/crypto/secret-box.ts';
import { UnsubscribeLinks } from '../src/modules/mailings/mail-unsubscribe.ts';
import { registerMailingJob } from '../src/modules/mailings/mailing-job.ts';
import { MailingsRepository } from '../src/modules/mailings/mailings.repository.ts';
import { apiAs, type Api } from './support/api.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

const mjml = (body: string) =>
  `<mjml><mj-body><mj-section><mj-column><mj-text>${body}</mj-text></mj-column></mj-section></mj-body></mjml>`;

/**
 * docs/mailings.md: writing to candidates, one or many, with a model or written freely; the job
 * writes each recipient once (also across a crash), skips those without an address or who
 * unsubscribed, writes the feed, and bulk e-mails carry List-Unsubscribe.
 */
describe.each(testDatabases())('mailings on $dialect', (testDb) => {
  let ctx: TestContext;
  let admin: Api;
  let other: Api;
  let valmont: number;
  /** Three applications of Valmont, each of its own applicant. */
  let apps: { id: number; applicant_id: number; offer_id: number }[];
  let refusal: TMailModel;

  const outboxOf = (to: string) =>
    ctx.database.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to', '=', to)
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    ctx = await startTestApp(testDb);
    admin = apiAs(ctx.app, await signIn(ctx.app, 'admin@demo.test'));
    other = apiAs(ctx.app, await signIn(ctx.app, 'admin@other.test'));
    valmont = (await admin.get('/api/me')).json<{ company_id: number }>().company_id;
    const rows = await ctx.database.db
      .selectFrom('applications')
      .select(['id', 'applicant_id', 'offer_id'])
      .where('company_id', '=', valmont)
      .where('offer_id', 'is not', null)
      .orderBy('id')
      .execute();
    const seen = new Set<number>();
    apps = rows
      .filter((r) => !seen.has(r.applicant_id!) && seen.add(r.applicant_id!))
      .slice(0, 3) as typeof apps;
    const emails = ['zoe.mailing@example.test', null, 'marc.mailing@example.test'];
    for (const [i, a] of apps.entries())
      await ctx.database.db
        .updateTable('applicants')
        .set({ email: emails[i], firstname: i === 0 ? '<b>Zoé</b>' : `Prénom${i}` })
        .where('id', '=', a.applicant_id)
        .execute();
    const res = await admin.post('/api/mail-models', {
      kind: 'refusal',
      name: 'Refus',
      contents: {
        fr: {
          subject: 'Votre candidature : {{offer.title}}',
          mjml: mjml(
            'Bonjour {{candidate.firstname}}, {{sender.fullname}} vous répond. <a href="{{unsubscribe.link}}">Se désinscrire</a>',
          ),
        },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    refusal = res.json<TMailModel>();
  });
  afterAll(async () => ctx?.close());

  it('previews the e-mail as one recipient reads it, escaped', async () => {
    const res = await admin.post('/api/mailings/preview', {
      applicant_id: apps[0]!.applicant_id,
      application_id: apps[0]!.id,
      model_id: refusal.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json<{ subject: string; html: string; text: string }>();
    expect(preview.subject).toMatch(/^Votre candidature : .+/);
    expect(preview.html).toContain('Bonjour &lt;b&gt;Zoé&lt;/b&gt;, Camille Durand vous répond.');
    expect(preview.text).toContain('Bonjour <b>Zoé</b>, Camille Durand vous répond.');
  });

  it('writes to many: each once, skipping who has no address or unsubscribed, with the feed and List-Unsubscribe', async () => {
    // The third applicant unsubscribes through the link of an earlier e-mail.
    const links = new UnsubscribeLinks(secretBoxFor(ctx.config), () => 'http://x');
    const token = links.token(valmont, apps[2]!.applicant_id);
    const ask = await ctx.app.inject({ method: 'GET', url: `/unsubscribe/${token}` });
    expect(ask.statusCode).toBe(200);
    expect(ask.body).toContain('Ne plus recevoir d’e-mails de Groupe Valmont ?');
    const done = await ctx.app.inject({
      method: 'POST',
      url: `/unsubscribe/${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('ne vous écrira plus');
    const forged = await ctx.app.inject({
      method: 'POST',
      url: `/unsubscribe/${valmont}.${apps[0]!.applicant_id}.${'A'.repeat(43)}`,
    });
    expect(forged.statusCode).toBe(404);

    const res = await admin.post('/api/mailings', {
      recipients: { application_ids: apps.map((a) => a.id) },
      model_id: refusal.id,
    });
    expect(res.statusCode, res.body).toBe(202);
    const queued = res.json<TMailing>();
    expect(queued).toMatchObject({ status: 'scheduled', total: 3, sent: 0, model_name: 'Refus' });
    await ctx.app.worker.drain();
    const after = (await admin.get(`/api/mailings/${queued.id}`)).json<TMailing>();
    expect(after).toMatchObject({
      status: 'done',
      sent: 1,
      skipped: 2,
      skipped_reasons: { no_email: 1, unsubscribed: 1, cancelled: 0 },
      created_by: 'Camille Durand',
    });
    const [mail, ...more] = await outboxOf('zoe.mailing@example.test');
    expect(more).toEqual([]);
    expect(mail!.subject).toMatch(/^Votre candidature : /);
    expect(mail!.html).toContain('Bonjour &lt;b&gt;Zoé&lt;/b&gt;');
    expect(mail!.reply_to).toBe('admin@demo.test');
    const headers = JSON.parse(mail!.headers!) as Record<string, string>;
    expect(headers['List-Unsubscribe']).toMatch(/^<http.+\/unsubscribe\/\d+\.\d+\.[\w-]{43}>$/);
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(await outboxOf('marc.mailing@example.test')).toEqual([]);
    const feed = await ctx.database.db
      .selectFrom('activity_feed_entries')
      .select(['applicant_id', 'data'])
      .where('kind', '=', 'mail_sent')
      .execute();
    expect(feed.map((f) => f.applicant_id)).toEqual([apps[0]!.applicant_id]);
    expect(JSON.parse(feed[0]!.data!)).toMatchObject({ subject: mail!.subject });
    // Nothing more on another run.
    await ctx.app.worker.drain();
    expect(await outboxOf('zoe.mailing@example.test')).toHaveLength(1);
  });

  it('writes freely to one applicant, without List-Unsubscribe; refuses unknown fields and others’ applicants', async () => {
    const res = await admin.post('/api/mailings', {
      recipients: { applicant_ids: [apps[0]!.applicant_id] },
      content: { subject: 'Bonjour {{candidate.firstname}}', mjml: mjml('Un mot.') },
    });
    expect(res.statusCode, res.body).toBe(202);
    await ctx.app.worker.drain();
    const mails = await outboxOf('zoe.mailing@example.test');
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe('Bonjour <b>Zoé</b>');
    expect(mails[1]!.headers).toBeNull();
    const unknown = await admin.post('/api/mailings', {
      recipients: { applicant_ids: [apps[0]!.applicant_id] },
      content: { subject: '{{interview.date}}', mjml: mjml('x') },
    });
    expect(unknown.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      'content.subject': ['unknown_merge_fields:interview.date'],
    });
    const theirs = await other.post('/api/mailings', {
      recipients: { application_ids: [apps[0]!.id] },
      content: { subject: 'x', mjml: mjml('x') },
    });
    expect(theirs.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      recipients: ['unknown_applicant'],
    });
    const model = await other.post('/api/mailings', {
      recipients: { applicant_ids: [] },
      model_id: refusal.id,
    });
    expect(model.statusCode).toBe(422);
    expect((await other.get(`/api/mailings/${res.json<TMailing>().id}`)).statusCode).toBe(404);
  });

  it('sends later, and a cancelled mailing writes to nobody', async () => {
    const res = await admin.post('/api/mailings', {
      recipients: { application_ids: [apps[0]!.id, apps[1]!.id] },
      model_id: refusal.id,
      send_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(res.statusCode, res.body).toBe(202);
    const { id } = res.json<TMailing>();
    await ctx.app.worker.drain();
    expect((await admin.get(`/api/mailings/${id}`)).json<TMailing>().status).toBe('scheduled');
    const cancelled = await admin.del(`/api/mailings/${id}`);
    expect(cancelled.json<TMailing>()).toMatchObject({
      status: 'cancelled',
      skipped_reasons: { cancelled: 2 },
    });
    expect((await admin.del(`/api/mailings/${id}`)).statusCode).toBe(409);
  });

  it('a run that dies mid-way and runs again writes to nobody twice', async () => {
    const { db } = ctx.database;
    const base = await db
      .selectFrom('applicants')
      .select('id')
      .where('company_id', '=', valmont)
      .orderBy('id')
      .limit(7)
      .execute();
    for (const [i, a] of base.entries())
      await db
        .updateTable('applicants')
        .set({ email: `crash${i}@example.test`, email_blocked: null })
        .where('id', '=', a.id)
        .execute();
    const res = await admin.post('/api/mailings', {
      recipients: { applicant_ids: base.map((a) => a.id) },
      model_id: refusal.id,
      send_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const { id } = res.json<TMailing>();
    // The job's handler, run by hand in batches of 2, with a feed that fails on the second batch.
    let handler: ((p: { mailing_id: number; company_id: number }) => Promise<void>) | undefined;
    const worker = { register: (_: string, fn: typeof handler) => void (handler = fn) };
    const repo = new MailingsRepository(db);
    const links = new UnsubscribeLinks(secretBoxFor(ctx.config), () => 'http://x');
    let calls = 0;
    const failing = {
      mailsSent: async () => {
        calls += 1;
        if (calls === 2) throw new Error('the process died');
      },
    };
    registerMailingJob(
      worker as never,
      repo,
      links,
      () => failing,
      () => 'http://x',
      {
        batch: 2,
        batchesPerRun: 10,
      },
    );
    await expect(handler!({ mailing_id: id, company_id: valmont })).rejects.toThrow('died');
    expect((await admin.get(`/api/mailings/${id}`)).json<TMailing>().sent).toBe(2);
    await handler!({ mailing_id: id, company_id: valmont });
    const mailing = (await admin.get(`/api/mailings/${id}`)).json<TMailing>();
    expect(mailing).toMatchObject({ status: 'done', sent: 7, skipped: 0 });
    for (const i of base.keys()) expect(await outboxOf(`crash${i}@example.test`)).toHaveLength(1);
  });
});
