import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCommunityMember, TCommunityMemberPage } from '@embauche/contracts/community';
import { createStorage } from '../src/platform/storage/create-storage.ts';
import { apiAs, type Api } from './support/api.ts';
import { multipart, pdfWith } from './support/multipart.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';
import { careerSiteForm } from './support/career-site-form.ts';

const FORM = careerSiteForm({
  slug: 'valmont-talents',
  privacy_notices: { fr: 'Vos données.', en: 'Your data.' },
  talent_community: true,
});

/**
 * Issue 37 part 4 (docs/community.md): joining the talent community from the career site, the
 * community area's calls, leaving and erasing by the link of every e-mail, isolation.
 */
describe.each(testDatabases())('talent community on $dialect', (testDb) => {
  let ctx: TestContext;
  let admin: Api;
  let other: Api;
  let valmont: number;
  let offerId: number;
  let interestId: number;

  const join = (
    fields: Record<string, string | string[]>,
    files: Parameters<typeof multipart>[1] = [],
    slug = FORM.slug,
    ip = '203.0.113.7',
  ) => {
    const body = multipart(fields, files);
    return ctx.app.inject({
      method: 'POST',
      url: `/careers/${slug}/community`,
      payload: body.payload,
      headers: { ...body.headers, 'accept-language': 'fr' },
      remoteAddress: ip,
    });
  };
  const person = (extra: Record<string, string | string[]> = {}) => ({
    firstname: 'Léa',
    lastname: 'Martin',
    email: 'lea.martin@example.org',
    phone: '+33 6 12 34 56 78',
    consent: 'yes',
    notice_version: '1',
    ...extra,
  });
  const mails = (to: string) =>
    ctx.database.db
      .selectFrom('mail_outbox')
      .select(['subject', 'text', 'html'])
      .where('to', '=', to)
      .orderBy('id')
      .execute();
  const memberLink = (text: string) => {
    const m = /https?:\/\/[^\s]+\/careers\/[a-z0-9-]+\/community\/member\/[A-Za-z0-9_-]+/.exec(
      text,
    );
    expect(m, text).not.toBeNull();
    return new URL(m![0]).pathname;
  };
  const members = async (api: Api, query = '') => {
    const res = await api.get(`/api/community/members${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TCommunityMemberPage>();
  };

  beforeAll(async () => {
    ctx = await startTestApp(testDb);
    admin = apiAs(ctx.app, await signIn(ctx.app, 'admin@demo.test'));
    other = apiAs(ctx.app, await signIn(ctx.app, 'admin@other.test'));
    valmont = (await admin.get('/api/me')).json<{ company_id: number }>().company_id;
    const { db } = ctx.database;
    const offer = await db
      .selectFrom('offers')
      .select('id')
      .where('company_id', '=', valmont)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    offerId = offer.id;
    await db
      .updateTable('offers')
      .set({ status: 'published', archived: false, job_position: 'Soudeur H/F' })
      .where('id', '=', offerId)
      .execute();
    const sub = await db
      .selectFrom('subsidiaries')
      .select('id')
      .where('company_id', '=', valmont)
      .where('archived', '=', false)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    interestId = sub.id;
  });
  afterAll(async () => ctx?.close());

  it('answers 404 while the community is closed, the form once it is open', async () => {
    const closed = await admin.put('/api/config/career-site', { ...FORM, talent_community: false });
    expect(closed.statusCode, closed.body).toBe(200);
    expect((await ctx.app.inject({ url: `/careers/${FORM.slug}/community` })).statusCode).toBe(404);
    expect((await join(person())).statusCode).toBe(404);
    // The site's pages link to the join page only while it is open.
    const footer = (html: string) => /<footer[^>]*>([\s\S]*?)<\/footer>/.exec(html)?.[1] ?? '';
    const home = () => ctx.app.inject({ url: `/careers/${FORM.slug}?lng=en` });
    expect(footer((await home()).body)).not.toContain('/community');
    const open = await admin.put('/api/config/career-site', FORM);
    expect(open.statusCode, open.body).toBe(200);
    const page = await ctx.app.inject({
      url: `/careers/${FORM.slug}/community?lng=en`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-language']).toBe('en');
    expect(page.body).toContain('<label for="email">E-mail address *</label>');
    expect(page.body).toContain('name="notice_version" value="1"');
    expect(page.body).toContain(`value="${interestId}"`);
    expect(footer((await home()).body)).toMatch(
      new RegExp(
        `<a href="[^"]*/careers/${FORM.slug}/community\\?lng=en">Join our talent community</a>`,
      ),
    );
    expect((await ctx.app.inject({ url: '/careers/nobody-here/community' })).statusCode).toBe(404);
  });

  it('joins with a CV: consent stored, a welcome e-mail with the leave link, the CV text searchable', async () => {
    const cv = await pdfWith(['Soudure TIG et MIG', 'Chaudronnerie fine']);
    const res = await join(person({ interests: [String(interestId)] }), [
      { field: 'cv', filename: 'cv lea.pdf', data: cv, type: 'application/pdf' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('Merci');
    const row = await ctx.database.db
      .selectFrom('community_members')
      .selectAll()
      .where('email', '=', 'lea.martin@example.org')
      .executeTakeFirstOrThrow();
    expect(row.company_id).toBe(valmont);
    expect(row.notice_language).toBe('fr');
    expect(row.notice_version).toBe(1);
    expect(row.consent_ip).toBe('203.0.113.7');
    expect(new Date(row.retention_until).getTime()).toBeGreaterThan(Date.now() + 700 * 86_400_000);
    expect(row.cv_filename).toBe('cv lea.pdf');
    const sent = await mails('lea.martin@example.org');
    expect(sent).toHaveLength(1);
    memberLink(sent[0]!.text);
    await ctx.app.worker.drain();
    const found = await members(admin, '?filter[search]=chaudronnerie');
    expect(found.data.map((m) => m.email)).toEqual(['lea.martin@example.org']);
    expect(found.data[0]!.interests.map((i) => i.id)).toEqual([interestId]);
    expect(found.data[0]!.consent).toMatchObject({
      state: 'active',
      notice_version: 1,
      notice_language: 'fr',
    });
    expect((await members(admin, `?filter[interest]=${interestId}`)).total).toBe(1);
    expect((await members(admin, '?filter[consent]=unsubscribed')).total).toBe(0);
    expect((await members(admin, '?filter[joined_since]=2999-01-01')).total).toBe(0);
  });

  it('updates on rejoin, answered the same (no e-mail enumeration)', async () => {
    const first = await join(person({ email: 'new.person@example.org' }));
    const again = await join(
      person({ email: 'LEA.MARTIN@example.org', firstname: 'Léana', phone: '' }),
    );
    expect(again.statusCode).toBe(200);
    const strip = (html: string) => html.replace(/\s+/g, ' ');
    expect(strip(again.body)).toBe(strip(first.body));
    const rows = await ctx.database.db
      .selectFrom('community_members')
      .select(['firstname', 'phone', 'cv_key'])
      .where('company_id', '=', valmont)
      .where('email', '=', 'lea.martin@example.org')
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ firstname: 'Léana', phone: '+33 6 12 34 56 78' });
    expect(rows[0]!.cv_key).not.toBeNull();
  });

  it('shows the form again with translated errors and the input kept; the honeypot saves nothing', async () => {
    const res = await join(person({ email: 'pas-une-adresse', firstname: 'Zoé <b>', consent: '' }));
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('Saisissez une adresse e-mail valide.');
    expect(res.body).toContain('value="Zoé &lt;b&gt;"');
    expect(res.body).toContain('aria-invalid="true"');
    const trap = await join(person({ email: 'bot@example.org', website: 'http://spam.test' }));
    expect(trap.statusCode).toBe(200);
    const bot = await ctx.database.db
      .selectFrom('community_members')
      .select('id')
      .where('email', '=', 'bot@example.org')
      .executeTakeFirst();
    expect(bot).toBeUndefined();
    const bad = await join(person({ email: 'file@example.org' }), [
      {
        field: 'cv',
        filename: 'x.exe',
        data: Buffer.from('MZ\u0090\u0000binary'),
        type: 'application/octet-stream',
      },
    ]);
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('Ce type de fichier n’est pas accepté.');
  });

  it('limits joins per e-mail (shared attempt store)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await join(person({ email: 'often@example.org' }), [], FORM.slug, `198.51.100.${i}`))
          .statusCode,
      );
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses[5]).toBe(429);
  });

  it('keeps members to their company: another company lists none and gets 404', async () => {
    const lea = (await members(admin, '?filter[search]=lea.martin')).data[0]!;
    expect((await members(other)).data.map((m) => m.email)).not.toContain('lea.martin@example.org');
    expect((await other.get(`/api/community/members/${lea.id}`)).statusCode).toBe(404);
    expect((await other.get(`/api/community/members/${lea.id}/cv`)).statusCode).toBe(404);
    expect(
      (await other.post(`/api/community/members/${lea.id}/invitations`, { offer_id: offerId }))
        .statusCode,
    ).toBe(404);
    expect(
      (await admin.get(`/api/community/members/${lea.id}`)).json<TCommunityMember>().email,
    ).toBe('lea.martin@example.org');
    const cv = await admin.get(`/api/community/members/${lea.id}/cv`);
    expect(cv.statusCode).toBe(200);
    expect(cv.headers['content-type']).toBe('application/pdf');
  });

  it('adds a member to a recruitment list as an applicant', async () => {
    const lea = (await members(admin, '?filter[search]=lea.martin')).data[0]!;
    const list = await admin.post('/api/recruitment-lists', {
      name: 'Vivier soudure',
      type: 'private',
    });
    expect(list.statusCode, list.body).toBe(201);
    const listId = list.json<{ id: number }>().id;
    const res = await admin.post(`/api/community/members/${lea.id}/recruitment-list`, {
      list_id: listId,
    });
    expect(res.statusCode, res.body).toBe(200);
    const applicantId = res.json<{ applicant_id: number }>().applicant_id;
    const again = await admin.post(`/api/community/members/${lea.id}/recruitment-list`, {
      list_id: listId,
    });
    expect(again.json<{ applicant_id: number }>().applicant_id).toBe(applicantId);
    const inList = await admin.get(`/api/recruitment-lists/${listId}/applicants`);
    expect(inList.json<{ data: { id: number }[] }>().data.map((a) => a.id)).toEqual([applicantId]);
    expect(
      (await admin.get(`/api/community/members/${lea.id}`)).json<TCommunityMember>().applicant_id,
    ).toBe(applicantId);
    expect(
      (await other.post(`/api/community/members/${lea.id}/recruitment-list`, { list_id: listId }))
        .statusCode,
    ).toBe(404);
  });

  it('invites to apply: an e-mail in the member language with the offer link and the leave link', async () => {
    const lea = (await members(admin, '?filter[search]=lea.martin')).data[0]!;
    const res = await admin.post(`/api/community/members/${lea.id}/invitations`, {
      offer_id: offerId,
    });
    expect(res.statusCode, res.body).toBe(204);
    const sent = await mails('lea.martin@example.org');
    const invite = sent.at(-1)!;
    expect(invite.subject).toContain('Soudeur H/F');
    expect(invite.text).toContain(`/careers/${FORM.slug}/offers/${offerId}`);
    expect(invite.text).toContain('Bonjour Léana');
    memberLink(invite.text);
    const unpublished = await ctx.database.db
      .selectFrom('offers')
      .select('id')
      .where('company_id', '=', valmont)
      .where('status', '!=', 'published')
      .executeTakeFirstOrThrow();
    const refused = await admin.post(`/api/community/members/${lea.id}/invitations`, {
      offer_id: unpublished.id,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ errors: { offer_id: ['invalid'] } });
  });

  it('invites in the company’s own words when it has a community invitation model, the leave link kept', async () => {
    const lea = (await members(admin, '?filter[search]=lea.martin')).data[0]!;
    const model = await admin.post('/api/mail-models', {
      kind: 'community_invitation',
      name: 'Invitation',
      is_default: true,
      contents: {
        fr: {
          subject: '{{candidate.firstname}}, une offre pour vous : {{offer.title}}',
          mjml: '<mjml><mj-body><mj-section><mj-column><mj-text>De la part de {{sender.fullname}}.</mj-text><mj-button href="{{offer.link}}">Postuler</mj-button></mj-column></mj-section></mj-body></mjml>',
        },
      },
    });
    expect(model.statusCode, model.body).toBe(201);
    const res = await admin.post(`/api/community/members/${lea.id}/invitations`, {
      offer_id: offerId,
    });
    expect(res.statusCode, res.body).toBe(204);
    const invite = (await mails('lea.martin@example.org')).at(-1)!;
    expect(invite.subject).toBe('Léana, une offre pour vous : Soudeur H/F');
    expect(invite.html).toContain('De la part de Camille Durand.');
    expect(invite.html).toContain(`/careers/${FORM.slug}/offers/${offerId}"`);
    // The leave / erase link closes the e-mail whatever the model says.
    expect(invite.html).toMatch(/\/community\/member\/[\w-]+/);
    memberLink(invite.text);
    expect(
      (await admin.del(`/api/mail-models/${model.json<{ id: number }>().id}`)).statusCode,
    ).toBe(204);
  });

  it('unsubscribes by the e-mail link, then erases the member and their files', async () => {
    const lea = (await members(admin, '?filter[search]=lea.martin')).data[0]!;
    const row = await ctx.database.db
      .selectFrom('community_members')
      .select('cv_key')
      .where('id', '=', lea.id)
      .executeTakeFirstOrThrow();
    const link = memberLink((await mails('lea.martin@example.org')).at(-1)!.text);
    expect(link.startsWith(`/careers/${FORM.slug}/`)).toBe(true);
    const page = await ctx.app.inject({ url: link });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Ne plus recevoir de messages');
    // A GET changes nothing (mail scanners open links).
    expect(
      (await admin.get(`/api/community/members/${lea.id}`)).json<TCommunityMember>().consent.state,
    ).toBe('active');
    // Another company's slug with this token: 404.
    expect((await ctx.app.inject({ url: link.replace(FORM.slug, 'mairie') })).statusCode).toBe(404);

    const left = await ctx.app.inject({ method: 'POST', url: `${link}/unsubscribe` });
    expect(left.statusCode).toBe(200);
    const after = (await admin.get(`/api/community/members/${lea.id}`)).json<TCommunityMember>();
    expect(after.consent.state).toBe('unsubscribed');
    expect(after.consent.unsubscribed_at).not.toBeNull();
    expect((await members(admin, '?filter[consent]=unsubscribed')).data.map((m) => m.id)).toContain(
      lea.id,
    );
    const invite = await admin.post(`/api/community/members/${lea.id}/invitations`, {
      offer_id: offerId,
    });
    expect(invite.statusCode).toBe(409);
    expect(invite.json()).toMatchObject({ code: 'member_unsubscribed' });

    const erased = await ctx.app.inject({ method: 'POST', url: `${link}/erase` });
    expect(erased.statusCode).toBe(200);
    expect((await admin.get(`/api/community/members/${lea.id}`)).statusCode).toBe(404);
    const storage = createStorage(ctx.config.storage);
    expect(await storage.get(row.cv_key!)).toBeNull();
    storage.close?.();
    const gone = await ctx.database.db
      .selectFrom('community_member_tokens')
      .select('id')
      .where('member_id', '=', lea.id)
      .execute();
    expect(gone).toEqual([]);
    expect((await ctx.app.inject({ url: link })).statusCode).toBe(404);
  });
});
