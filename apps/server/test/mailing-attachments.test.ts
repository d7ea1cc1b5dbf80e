import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TMailModelItem } from '@embauche/contracts/mail-models';
import type { TMailing } from '@embauche/contracts/mailings';
import { enqueue, JobWorker } from '../src/platform/jobs/jobs.ts';
import { registerMailJob } from '../src/platform/mail/mailer.ts';
import { createStorage } from '../src/platform/storage/create-storage.ts';
import { apiAs, type Api } from './support/api.ts';
import { multipart, pdfWith } from './support/multipart.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

const mjml = (body: string) =>
  `<mjml><mj-body><mj-section><mj-column><mj-text>${body}</mj-text></mj-column></mj-section></mj-body></mjml>`;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * docs/mailings.md: files sent with a mailing (stored once, named by each e-mail, read through the
 * storage when sent), each recipient written to in their own language, and the models a sender
 * without the models' configuration picks from.
 */
describe.each(testDatabases())('mailing attachments and languages on $dialect', (testDb) => {
  let ctx: TestContext;
  let admin: Api;
  let recruiter: Api;
  let other: Api;
  let valmont: number;
  let apps: { id: number; applicant_id: number }[];
  let modelId: number;

  let adminCookie: string;
  const send = (fields: Record<string, string>, files: Parameters<typeof multipart>[1] = []) => {
    const body = multipart(fields, files);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/mailings',
      payload: body.payload,
      headers: { ...body.headers, cookie: adminCookie },
    });
  };
  const post = (payload: unknown, files: Parameters<typeof multipart>[1]) =>
    send({ payload: JSON.stringify(payload) }, files);
  const outboxOf = (to: string) =>
    ctx.database.db.selectFrom('mail_outbox').selectAll().where('to', '=', to).execute();

  beforeAll(async () => {
    ctx = await startTestApp(testDb);
    adminCookie = await signIn(ctx.app, 'admin@demo.test');
    admin = apiAs(ctx.app, adminCookie);
    recruiter = apiAs(ctx.app, await signIn(ctx.app, 'recruiter@demo.test'));
    other = apiAs(ctx.app, await signIn(ctx.app, 'admin@other.test'));
    valmont = (await admin.get('/api/me')).json<{ company_id: number }>().company_id;
    const rows = await ctx.database.db
      .selectFrom('applications')
      .select(['id', 'applicant_id'])
      .where('company_id', '=', valmont)
      .where('offer_id', 'is not', null)
      .orderBy('id')
      .execute();
    const seen = new Set<number>();
    apps = rows
      .filter((r) => !seen.has(r.applicant_id!) && seen.add(r.applicant_id!))
      .slice(0, 2) as typeof apps;
    for (const [i, a] of apps.entries())
      await ctx.database.db
        .updateTable('applicants')
        .set({ email: `files${i}@example.test`, email_blocked: null })
        .where('id', '=', a.applicant_id)
        .execute();
    // The second candidate applied on the career site in English.
    await ctx.database.db
      .insertInto('career_site_applications')
      .values({
        company_id: valmont,
        application_id: apps[1]!.id,
        notice_id: null,
        notice_language: 'en',
        notice_version: 1,
        consented_at: new Date().toISOString(),
        ip: null,
        jobboard_id: null,
        answers: '{}',
      })
      .execute();
    const res = await admin.post('/api/mail-models', {
      kind: 'free',
      name: 'Pièces',
      contents: {
        fr: { subject: 'Vos documents', mjml: mjml('Bonjour {{candidate.firstname}}') },
        en: { subject: 'Your documents', mjml: mjml('Hello {{candidate.firstname}}') },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    modelId = res.json<{ id: number }>().id;
  });
  afterAll(async () => ctx?.close());

  it('lists the models to whoever may write to candidates, not another company’s', async () => {
    // The recruiter may write to candidates but not edit the models.
    expect((await recruiter.get('/api/mail-models')).statusCode).toBe(403);
    const res = await recruiter.get('/api/mailings/models');
    expect(res.statusCode, res.body).toBe(200);
    const models = res.json<TMailModelItem[]>();
    expect(models.find((m) => m.id === modelId)).toMatchObject({
      name: 'Pièces',
      kind: 'free',
      languages: ['fr', 'en'],
    });
    const theirs = (await other.get('/api/mailings/models')).json<TMailModelItem[]>();
    expect(theirs.some((m) => m.id === modelId)).toBe(false);
  });

  it('sends the files with each e-mail, each recipient in their language', async () => {
    const pdf = await pdfWith(['Livret d’accueil']);
    const res = await post(
      { recipients: { application_ids: apps.map((a) => a.id) }, model_id: modelId },
      [
        { field: 'attachments[]', filename: '../Livret accueil.pdf', data: pdf },
        { field: 'attachments[]', filename: 'plan.png', data: PNG },
      ],
    );
    expect(res.statusCode, res.body).toBe(202);
    const mailing = res.json<TMailing>();
    expect(mailing.attachments).toEqual([
      { filename: 'Livret accueil.pdf', size: pdf.length },
      { filename: 'plan.png', size: PNG.length },
    ]);
    expect((await other.get(`/api/mailings/${mailing.id}`)).statusCode).toBe(404);
    await ctx.app.worker.drain();

    const [fr] = await outboxOf('files0@example.test');
    const [en] = await outboxOf('files1@example.test');
    expect(fr!.subject).toBe('Vos documents');
    expect(en!.subject).toBe('Your documents');
    const files = JSON.parse(fr!.attachments!) as { filename: string; key: string }[];
    expect(files.map((f) => f.filename)).toEqual(['Livret accueil.pdf', 'plan.png']);
    expect(files[0]!.key).toMatch(/^mail-attachments\/\d+\/[\w-]+\.pdf$/);
    expect(JSON.parse(en!.attachments!)).toEqual(files);

    // Sent through SMTP, the files are read from the storage.
    const sent: { attachments?: { filename: string; content: Buffer }[] }[] = [];
    const worker = new JobWorker(ctx.database, { backoffMs: 1 });
    const storage = createStorage(ctx.config.storage);
    registerMailJob(worker, ctx.database.db, {
      smtpUrl: undefined,
      from: 'test@embauche.local',
      transport: { sendMail: async (m: (typeof sent)[number]) => sent.push(m) } as never,
      storage,
    });
    await ctx.database.db
      .updateTable('mail_outbox')
      .set({ sent_at: null })
      .where('id', '=', fr!.id)
      .execute();
    await enqueue(ctx.database.db, 'mail.send', { mail_id: fr!.id });
    await worker.drain();
    storage.close?.();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.attachments!.map((a) => a.filename)).toEqual([
      'Livret accueil.pdf',
      'plan.png',
    ]);
    expect(Buffer.compare(sent[0]!.attachments![0]!.content, pdf)).toBe(0);
  });

  it('refuses a file of another kind, too many files, and a payload that is not JSON; nothing is kept', async () => {
    const before = await ctx.database.db
      .selectFrom('mailings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const payload = { recipients: { applicant_ids: [apps[0]!.applicant_id] }, model_id: modelId };
    const exe = await post(payload, [
      { field: 'attachments[]', filename: 'a.pdf', data: await pdfWith(['x']) },
      { field: 'attachments[]', filename: 'setup.exe', data: Buffer.from('MZ\x90\x00binary') },
    ]);
    expect(exe.statusCode).toBe(422);
    expect(exe.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      'attachments.1': ['file_type'],
    });
    const six = await post(
      payload,
      Array.from({ length: 6 }, (_, i) => ({
        field: 'attachments[]',
        filename: `p${i}.png`,
        data: PNG,
      })),
    );
    expect(six.statusCode).toBe(422);
    expect(six.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      attachments: ['max_items:5'],
    });
    const garbled = await send({ payload: '{not json' });
    expect(garbled.statusCode).toBe(422);
    const after = await ctx.database.db
      .selectFrom('mailings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
