import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCommunityMember } from '@embauche/contracts/community';
import type { TMailModel } from '@embauche/contracts/mail-models';
import type { TMailing } from '@embauche/contracts/mailings';
import { apiAs, type Api } from './support/api.ts';
import { careerSiteForm } from './support/career-site-form.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

const mjml = (body: string) =>
  `<mjml><mj-body><mj-section><mj-column><mj-text>${body}</mj-text></mj-column></mj-section></mj-body></mjml>`;

const FORM = careerSiteForm({
  slug: 'valmont-communaute',
  privacy_notices: { fr: 'Vos données.', en: 'Your data.' },
  talent_community: true,
});

/**
 * docs/mailings.md, docs/community.md: a mailing to talent community members — each written to
 * once at their address, in their language, with their names; those who left or whose consent
 * expired skipped; their List-Unsubscribe is the community's own; the feed only for a member who
 * became an applicant; another company's members refused; the preview per member.
 */
describe.each(testDatabases())('mailings to community members on $dialect', (testDb) => {
  let ctx: TestContext;
  let admin: Api;
  let other: Api;
  let valmont: number;
  let model: TMailModel;
  /** Valmont's members: French, English (an applicant already), left, expired. */
  let m: { fr: number; en: number; left: number; expired: number };
  let applicantId: number;
  let theirs: number;

  const outboxOf = (to: string) =>
    ctx.database.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to', '=', to)
      .orderBy('id')
      .execute();

  const addMember = async (
    companyId: number,
    values: { firstname: string; email: string; language: string },
    extra: { unsubscribed_at?: string; retention_until?: string; applicant_id?: number } = {},
  ) => {
    const now = new Date().toISOString();
    const row = await ctx.database.db
      .insertInto('community_members')
      .values({
        company_id: companyId,
        firstname: values.firstname,
        lastname: 'Membre',
        email: values.email,
        language: values.language,
        search_text: values.email,
        notice_language: values.language,
        notice_version: 1,
        consented_at: now,
        retention_until: extra.retention_until ?? new Date(Date.now() + 86_400_000).toISOString(),
        unsubscribed_at: extra.unsubscribed_at ?? null,
        applicant_id: extra.applicant_id ?? null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };

  beforeAll(async () => {
    ctx = await startTestApp(testDb);
    admin = apiAs(ctx.app, await signIn(ctx.app, 'admin@demo.test'));
    other = apiAs(ctx.app, await signIn(ctx.app, 'admin@other.test'));
    valmont = (await admin.get('/api/me')).json<{ company_id: number }>().company_id;
    const otherCompany = (await other.get('/api/me')).json<{ company_id: number }>().company_id;
    const site = await admin.put('/api/config/career-site', FORM);
    expect(site.statusCode, site.body).toBe(200);
    const applicant = await ctx.database.db
      .selectFrom('applicants')
      .select('id')
      .where('company_id', '=', valmont)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    applicantId = applicant.id;
    m = {
      fr: await addMember(valmont, {
        firstname: '<i>Léa</i>',
        email: 'lea.membre@example.test',
        language: 'fr',
      }),
      en: await addMember(
        valmont,
        { firstname: 'Sam', email: 'sam.membre@example.test', language: 'en' },
        { applicant_id: applicantId },
      ),
      left: await addMember(
        valmont,
        { firstname: 'Parti', email: 'parti.membre@example.test', language: 'fr' },
        { unsubscribed_at: new Date().toISOString() },
      ),
      expired: await addMember(
        valmont,
        { firstname: 'Ancien', email: 'ancien.membre@example.test', language: 'fr' },
        { retention_until: new Date(Date.now() - 1000).toISOString() },
      ),
    };
    theirs = await addMember(otherCompany, {
      firstname: 'Autre',
      email: 'autre.membre@example.test',
      language: 'fr',
    });
    const res = await admin.post('/api/mail-models', {
      kind: 'free',
      name: 'Nouvelles',
      contents: {
        fr: {
          subject: 'Des nouvelles pour {{candidate.firstname}}',
          mjml: mjml('Bonjour {{candidate.fullname}}. <a href="{{unsubscribe.link}}">Quitter</a>'),
        },
        en: {
          subject: 'News for {{candidate.firstname}}',
          mjml: mjml('Hello {{candidate.fullname}}.'),
        },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    model = res.json<TMailModel>();
  });
  afterAll(async () => ctx?.close());

  it('previews the e-mail as a member reads it: their names, language and the community footer', async () => {
    const fr = await admin.post('/api/mailings/preview', { member_id: m.fr, model_id: model.id });
    expect(fr.statusCode, fr.body).toBe(200);
    const preview = fr.json<{ subject: string; html: string; text: string }>();
    expect(preview.subject).toBe('Des nouvelles pour <i>Léa</i>');
    expect(preview.html).toContain('Bonjour &lt;i&gt;Léa&lt;/i&gt; Membre.');
    expect(preview.html).toContain(`/careers/${FORM.slug}/community/member/`);
    expect(preview.text).toContain('membre de notre communauté talents');
    const en = await admin.post('/api/mailings/preview', { member_id: m.en, model_id: model.id });
    expect(en.json<{ subject: string }>().subject).toBe('News for Sam');
    const unknown = await other.post('/api/mailings/preview', {
      member_id: m.fr,
      model_id: model.id,
    });
    expect(unknown.statusCode).toBe(422);
    const neither = await admin.post('/api/mailings/preview', { model_id: model.id });
    expect(neither.statusCode).toBe(422);
  });

  it('refuses another company’s members', async () => {
    const res = await admin.post('/api/mailings', {
      recipients: { member_ids: [m.fr, theirs] },
      model_id: model.id,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      recipients: ['unknown_member'],
    });
    const reverse = await other.post('/api/mailings', {
      recipients: { member_ids: [m.en] },
      content: { subject: 'x', mjml: mjml('x') },
    });
    expect(reverse.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      recipients: ['unknown_member'],
    });
    expect(await outboxOf('lea.membre@example.test')).toEqual([]);
  });

  it('writes to each member once, in their language, skipping who left or expired; the feed only for an applicant; the community’s unsubscribe', async () => {
    const feedBefore = await ctx.database.db
      .selectFrom('activity_feed_entries')
      .select('applicant_id')
      .where('kind', '=', 'mail_sent')
      .execute();
    const res = await admin.post('/api/mailings', {
      recipients: { member_ids: [m.fr, m.en, m.left, m.expired, m.fr] },
      model_id: model.id,
    });
    expect(res.statusCode, res.body).toBe(202);
    const queued = res.json<TMailing>();
    expect(queued.total).toBe(4);
    await ctx.app.worker.drain();
    expect((await admin.get(`/api/mailings/${queued.id}`)).json<TMailing>()).toMatchObject({
      status: 'done',
      sent: 2,
      skipped: 2,
      skipped_reasons: { no_email: 0, unsubscribed: 2, cancelled: 0 },
    });
    const [lea, ...moreLea] = await outboxOf('lea.membre@example.test');
    expect(moreLea).toEqual([]);
    expect(lea!.subject).toBe('Des nouvelles pour <i>Léa</i>');
    expect(lea!.html).toContain('Bonjour &lt;i&gt;Léa&lt;/i&gt; Membre.');
    expect(lea!.text).toContain('membre de notre communauté talents');
    const [sam, ...moreSam] = await outboxOf('sam.membre@example.test');
    expect(moreSam).toEqual([]);
    expect(sam!.subject).toBe('News for Sam');
    expect(sam!.text).toContain('Hello Sam Membre.');
    expect(sam!.text).toContain('member of our talent community');
    expect(await outboxOf('parti.membre@example.test')).toEqual([]);
    expect(await outboxOf('ancien.membre@example.test')).toEqual([]);

    // The feed: Sam became an applicant, Léa did not.
    const feed = await ctx.database.db
      .selectFrom('activity_feed_entries')
      .select(['applicant_id', 'data'])
      .where('kind', '=', 'mail_sent')
      .execute();
    const added = feed.slice(feedBefore.length);
    expect(added.map((f) => f.applicant_id)).toEqual([applicantId]);
    expect(JSON.parse(added[0]!.data!)).toMatchObject({ subject: 'News for Sam' });

    // Léa's List-Unsubscribe is the community's leave address; her merge field, her page.
    const headers = JSON.parse(lea!.headers!) as Record<string, string>;
    const match = new RegExp(
      `^<(https?://[^/]+)(/careers/${FORM.slug}/community/member/[\\w-]+)/unsubscribe>$`,
    ).exec(headers['List-Unsubscribe']!);
    expect(match, headers['List-Unsubscribe']).not.toBeNull();
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const page = match![2]!;
    expect(lea!.html).toContain(`href="${match![1]}${page}"`);
    const ask = await ctx.app.inject({ method: 'GET', url: `${page}/unsubscribe` });
    expect(ask.statusCode).toBe(200);
    const done = await ctx.app.inject({
      method: 'POST',
      url: `${page}/unsubscribe`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode, done.body).toBe(200);
    const member = (await admin.get(`/api/community/members/${m.fr}`)).json<TCommunityMember>();
    expect(member.consent.state).toBe('unsubscribed');

    // Léa left: the next mailing skips her.
    const again = await admin.post('/api/mailings', {
      recipients: { member_ids: [m.fr] },
      model_id: model.id,
    });
    await ctx.app.worker.drain();
    expect(
      (await admin.get(`/api/mailings/${again.json<TMailing>().id}`)).json<TMailing>(),
    ).toMatchObject({ sent: 0, skipped_reasons: { unsubscribed: 1 } });
    expect(await outboxOf('lea.membre@example.test')).toHaveLength(1);
  });
});
