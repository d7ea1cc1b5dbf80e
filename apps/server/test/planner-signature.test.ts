import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, type Api } from './support/api.ts';
import { applicationsOf, createTemplate, userId } from './support/planner-helpers.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

const HOUR = 3_600_000;

const mjml = (body: string) =>
  `<mjml><mj-body><mj-section><mj-column><mj-text>${body}</mj-text></mj-column></mj-section></mj-body></mjml>`;

/**
 * docs/planner.md: the planner's e-mails to applicants end with the sender's signature, as the
 * mailings do (issue 38 part 2) — the invitation (the organiser's), the booking link (its
 * sender's) and the day-before reminder (the organiser's).
 */
describe.each(testDatabases())('planner e-mails signed on $dialect', (testDb) => {
  let ctx: TestContext;
  let admin: Api;
  let adminId: number;
  let apps: { id: number; applicant_id: number; offer_id: number }[];

  const mailsTo = (prefix: string) =>
    ctx.database.db
      .selectFrom('mail_outbox')
      .select(['subject', 'html', 'text'])
      .where('to', 'like', `${prefix}.%`)
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    ctx = await startTestApp(testDb);
    admin = apiAs(ctx.app, await signIn(ctx.app, 'admin@demo.test'));
    adminId = await userId(ctx, 'admin@demo.test');
    const valmont = (await admin.get('/api/me')).json<{ company_id: number }>().company_id;
    apps = await applicationsOf(ctx, valmont, 3);
    const mine = await admin.put('/api/me/mail-signature', {
      contents: {
        fr: { mjml: mjml('Signé {{sender.fullname}}, recrutement') },
        en: { mjml: mjml('Signed {{sender.fullname}}, recruiting') },
      },
    });
    expect(mine.statusCode, mine.body).toBe(200);
  }, 60_000);
  afterAll(async () => ctx?.close());

  it('signs the invitation and the reminder with the organiser’s signature', async () => {
    const soon = new Date(Date.now() + 20 * HOUR);
    soon.setUTCMinutes(0, 0, 0);
    const res = await admin.post('/api/planner/appointments', {
      title: 'Entretien',
      start_at: soon.toISOString(),
      end_at: new Date(soon.getTime() + HOUR).toISOString(),
      interviewer_ids: [adminId],
      applicant_id: apps[0]!.applicant_id,
      application_id: apps[0]!.id,
      notify_applicant: true,
      allow_conflicts: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const [invitation] = await mailsTo('planner0');
    expect(invitation, 'no invitation').toBeDefined();
    expect(invitation!.html).toContain('Signé Camille Durand, recrutement');
    expect(invitation!.text).toMatch(/\n-- \nSigné Camille Durand, recrutement\n$/);
    await ctx.app.worker.runRecurring(new Date(), true);
    const mails = await mailsTo('planner0');
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toMatch(/^Rappel/);
    expect(mails[1]!.html).toContain('Signé Camille Durand, recrutement');
    expect(mails[1]!.text).toContain('-- \nSigné Camille Durand, recrutement');
  });

  it('signs a booking link with its sender’s signature', async () => {
    const template = await createTemplate(admin, [adminId]);
    const res = await admin.post('/api/planner/booking-links', {
      template_id: template.id,
      application_ids: [apps[1]!.id],
      channels: ['email'],
    });
    expect(res.statusCode, res.body).toBe(202);
    const [link] = await mailsTo('planner1');
    expect(link, 'no booking link').toBeDefined();
    expect(link!.text).toContain('/booking/');
    expect(link!.html).toContain('Signé Camille Durand, recrutement');
    expect(link!.text).toContain('-- \nSigné Camille Durand, recrutement');
  });
});
