import { createHash } from 'node:crypto';
import net from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARE_POST_LIMITS } from '@embauche/contracts/shares';
import { multipart } from './support/multipart.ts';
import { loadFixtures, type Fixtures } from './support/route-fixtures.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

type Who = 'admin' | 'other' | 'anonymous';
const ALL = ['profile', 'cv', 'documents', 'motivation', 'feed'];
const sha256 = (t: string) => createHash('sha256').update(t).digest('hex');

/**
 * Issue 12 parts 3 and 4 (docs/shared-links.md): links made on demand and by transfer, their
 * sections, expiry and revocation, what an outsider reads and writes through one (rate limited),
 * transfers by e-mail (validation, sender, shared links, feed events), and another company.
 */
describe.each(testDatabases())('shared links and transfers on $dialect', (testDb) => {
  let ctx: TestContext;
  let fx: Fixtures;
  const cookies: Partial<Record<Who, string>> = {};
  let mairieApplicant: number;

  const call = (
    who: Who,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    extra: {
      payload?: string | Buffer | object;
      headers?: Record<string, string>;
      ip?: string;
    } = {},
  ) =>
    ctx.app.inject({
      method,
      url,
      headers: { ...(cookies[who] ? { cookie: cookies[who] } : {}), ...extra.headers },
      ...(extra.payload !== undefined ? { payload: extra.payload } : {}),
      ...(extra.ip ? { remoteAddress: extra.ip } : {}),
    });
  const shared = (token: string, path = '', ip?: string) =>
    call('anonymous', 'GET', `/api/shared/${token}${path}`, ip ? { ip } : {});
  const share = async (url: string, payload: object) => {
    const res = await call('admin', 'POST', url, { payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: number; token: string; url: string; expires_at: string }>();
  };
  const post = (token: string, type: string, fields: Record<string, string>, ip?: string) => {
    const body = multipart(fields);
    return call('anonymous', 'POST', `/api/shared/${token}/${type}/activity-feed`, {
      payload: body.payload,
      headers: body.headers,
      ...(ip ? { ip } : {}),
    });
  };
  const notFoundShape = (res: LightMyRequestResponse) => ({
    status: res.statusCode,
    body: res.json<unknown>(),
  });

  beforeAll(async () => {
    ctx = await startTestApp(testDb, { PUBLIC_URL: 'https://ats.exemple.fr' });
    fx = await loadFixtures(ctx);
    cookies.admin = await signIn(ctx.app, 'admin@demo.test');
    cookies.other = await signIn(ctx.app, 'admin@other.test');
    mairieApplicant = (
      await ctx.database.db
        .selectFrom('applicants')
        .select('id')
        .where('company_id', '=', fx.mairie)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
  }, 60_000);
  afterAll(() => ctx.close());

  it('gives a link made on demand its token once, stores only its hash, 30 days by default', async () => {
    const before = Date.now();
    const made = await share(`/api/applicants/${fx.outside.applicant}/shares`, {
      sections: ['profile'],
    });
    expect(made.token).toMatch(/^[\w-]{43}$/); // 256 random bits
    expect(made.url).toBe(`https://ats.exemple.fr/shared/${made.token}/applicant`);
    const days = (Date.parse(made.expires_at) - before) / 86_400_000;
    expect(days).toBeGreaterThan(29.99);
    expect(days).toBeLessThan(30.01);
    const row = await ctx.database.db
      .selectFrom('shares')
      .selectAll()
      .where('id', '=', made.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(sha256(made.token));
    expect(JSON.stringify(row)).not.toContain(made.token);
    // The list never gives the token again.
    const list = await call('admin', 'GET', `/api/applicants/${fx.outside.applicant}/shares`);
    expect(list.statusCode).toBe(200);
    const listed = list.json<{ id: number }[]>().find((s) => s.id === made.id);
    expect(listed).toMatchObject({
      type: 'applicant',
      sections: ['profile'],
      recipients: [],
      created_by: { firstname: 'Camille', lastname: 'Durand' },
    });
    expect(list.body).not.toContain(made.token);
    // A feed event tells of it.
    const event = await ctx.database.db
      .selectFrom('activity_feed_entries')
      .select(['kind', 'data'])
      .where('applicant_id', '=', fx.outside.applicant)
      .where('kind', '=', 'share_created')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(event.data!)).toEqual({ share_id: made.id, type: 'applicant' });
  });

  it('validates sections and the expiry (1 to 365 days)', async () => {
    const url = `/api/applicants/${fx.outside.applicant}/shares`;
    const errors = async (payload: object) =>
      (await call('admin', 'POST', url, { payload })).json<{ errors: object }>().errors;
    expect(await errors({ sections: [] })).toEqual({ sections: ['field_required'] });
    expect(await errors({ sections: ['salary'] })).toEqual({ 'sections.0': ['invalid'] });
    expect(await errors({ sections: ['cv'], expires_in_days: 366 })).toEqual({
      expires_in_days: ['max_value:365'],
    });
    expect(await errors({ sections: ['cv'], expires_in_days: 0 })).toEqual({
      expires_in_days: ['min_value:1'],
    });
    const year = await share(url, { sections: ['cv'], expires_in_days: 365 });
    expect(Date.parse(year.expires_at) - Date.now()).toBeGreaterThan(364.9 * 86_400_000);
  });

  it('answers only the sections the link exposes, without referrer', async () => {
    const url = `/api/applicants/${fx.outside.applicant}/shares`;
    const profile = (await share(url, { sections: ['profile'] })).token;
    const files = (await share(url, { sections: ['cv', 'documents'] })).token;

    const info = await shared(profile);
    expect(info.statusCode).toBe(200);
    expect(info.headers['referrer-policy']).toBe('no-referrer');
    expect(info.headers['cache-control']).toBe('no-store');
    expect(info.json()).toMatchObject({
      type: 'applicant',
      sections: ['profile'],
      company: 'Groupe Valmont',
      sender: { firstname: 'Camille', lastname: 'Durand' },
    });

    const withProfile = (await shared(profile, '/applicant')).json();
    expect(withProfile.email).toMatch(/@/);
    expect(withProfile.cv).toBeNull();
    for (const path of [
      '/cv',
      '/documents',
      `/documents/${fx.outside.document}`,
      '/application',
      '/application/motivation',
      '/application/documents',
      '/applicant/activity-feed',
      '/applicant/activity-feed/categories',
    ]) {
      expect((await shared(profile, path)).statusCode, path).toBe(404);
    }
    expect((await shared(profile, '/detail')).json()).toMatchObject({
      documents: null,
      motivation: null,
    });

    const withFiles = (await shared(files, '/applicant')).json();
    expect(withFiles).toMatchObject({ email: null, phone: null, tags: [], source: null });
    expect(withFiles.cv.url).toBe(`/api/shared/${files}/cv`);
    const cv = await shared(files, '/cv');
    expect(cv.statusCode).toBe(200);
    expect(cv.headers['referrer-policy']).toBe('no-referrer');
    const docs = (await shared(files, '/documents')).json<{ id: number; url: string }[]>();
    const doc = docs.find((d) => d.id === fx.outside.document)!;
    expect(doc.url).toBe(`/api/shared/${files}/documents/${doc.id}`);
    expect((await shared(files, `/documents/${doc.id}`)).statusCode).toBe(200);
    // Another applicant's document is not this link's.
    expect((await shared(files, `/documents/${fx.inside.document}`)).statusCode).toBe(404);
    expect((await shared(files, '/detail')).json().documents.length).toBe(docs.length);
  });

  it('opens an application through its link: the application, its motivation and its offer’s feed', async () => {
    const link = await share(`/api/applications/${fx.outside.application}/shares`, {
      sections: ALL,
      expires_in_days: 3,
    });
    expect(link.url).toBe(`https://ats.exemple.fr/shared/${link.token}/application`);
    const app = await shared(link.token, '/application');
    expect(app.statusCode).toBe(200);
    expect(app.json()).toMatchObject({
      id: fx.outside.application,
      offer_id: fx.outside.offer,
      applicant: { id: fx.outside.applicant, share: { type: 'application' } },
    });
    expect(app.json()).not.toHaveProperty('tests_count');
    expect((await shared(link.token, '/application/motivation')).statusCode).toBe(200);
    expect((await shared(link.token, '/application/documents')).statusCode).toBe(200);
    expect((await shared(link.token, '/applicant')).statusCode).toBe(200);
    // A comment on the applicant outside the offer is not the application's feed.
    const page = (await shared(link.token, '/application/activity-feed')).json<{
      data: { id: number }[];
    }>();
    expect(page.data.map((e) => e.id)).not.toContain(fx.outside.comment);
  });

  it('answers an expired, revoked or unknown token with the same 404', async () => {
    const url = `/api/applicants/${fx.outside.applicant}/shares`;
    const expired = await share(url, { sections: ['profile'] });
    const revoked = await share(url, { sections: ['profile'] });
    expect((await shared(expired.token, '/applicant')).statusCode).toBe(200);
    await ctx.database.db
      .updateTable('shares')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', expired.id)
      .execute();
    const del = await call('admin', 'DELETE', `${url}/${revoked.id}`);
    expect(del.statusCode).toBe(204);
    // Twice is harmless; one event only.
    expect((await call('admin', 'DELETE', `${url}/${revoked.id}`)).statusCode).toBe(204);
    const events = await ctx.database.db
      .selectFrom('activity_feed_entries')
      .select('data')
      .where('kind', '=', 'share_revoked')
      .execute();
    expect(events.filter((e) => JSON.parse(e.data!).share_id === revoked.id)).toHaveLength(1);

    const unknown = notFoundShape(await shared('x'.repeat(43), '/applicant'));
    expect(unknown.status).toBe(404);
    for (const token of [expired.token, revoked.token]) {
      expect(notFoundShape(await shared(token, '/applicant'))).toEqual(unknown);
      expect(notFoundShape(await shared(token))).toEqual(
        notFoundShape(await shared('y'.repeat(43))),
      );
    }
    const list = (await call('admin', 'GET', url)).json<{ id: number }[]>().map((s) => s.id);
    expect(list).not.toContain(expired.id);
    expect(list).not.toContain(revoked.id);
    // A share of another applicant is not found under this one.
    const inside = await share(`/api/applicants/${fx.inside.applicant}/shares`, {
      sections: ['cv'],
    });
    expect((await call('admin', 'DELETE', `${url}/${inside.id}`)).statusCode).toBe(404);
    expect((await shared(inside.token, '/cv')).statusCode).toBe(200);
  });

  it('another company: every new route answers 404 for Valmont objects', async () => {
    const a = fx.outside.applicant;
    const valmontShare = await share(`/api/applicants/${a}/shares`, { sections: ALL });
    const expectations: [string, LightMyRequestResponse][] = [
      [
        'create',
        await call('other', 'POST', `/api/applicants/${a}/shares`, {
          payload: { sections: ['cv'] },
        }),
      ],
      [
        'create application',
        await call('other', 'POST', `/api/applications/${fx.outside.application}/shares`, {
          payload: { sections: ['cv'] },
        }),
      ],
      ['list', await call('other', 'GET', `/api/applicants/${a}/shares`)],
      ['revoke', await call('other', 'DELETE', `/api/applicants/${a}/shares/${valmontShare.id}`)],
      [
        'revoke under its own applicant',
        await call(
          'other',
          'DELETE',
          `/api/applicants/${mairieApplicant}/shares/${valmontShare.id}`,
        ),
      ],
      [
        'transfer applicants',
        await call('other', 'POST', '/api/applicants/transfer', {
          payload: { applicant_ids: [a], to: ['x@exemple.fr'], subject: 'S' },
        }),
      ],
      [
        'transfer applications',
        await call('other', 'POST', '/api/applications/transfer', {
          payload: {
            application_ids: [fx.outside.application],
            to: ['x@exemple.fr'],
            subject: 'S',
          },
        }),
      ],
    ];
    for (const [what, res] of expectations)
      expect(res.statusCode, `${what}: ${res.body}`).toBe(404);
    expect((await shared(valmontShare.token, '/applicant')).statusCode).toBe(200);

    // Mairie's own link opens nothing of Valmont: documents, files, comments.
    const mairie = await call('other', 'POST', `/api/applicants/${mairieApplicant}/shares`, {
      payload: { sections: ALL },
    });
    expect(mairie.statusCode).toBe(201);
    const token = mairie.json<{ token: string }>().token;
    expect((await shared(token, `/documents/${fx.outside.document}`)).statusCode).toBe(404);
    expect(
      (await shared(token, `/applicant/activity-feed/attachments/${fx.outside.attachment}`))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await call('anonymous', 'DELETE', `/api/shared/${token}/delete-comment`, {
          payload: { comment_id: fx.shared.comment },
        })
      ).statusCode,
    ).toBe(404);
    const feed = (await shared(token, '/applicant/activity-feed')).body;
    expect(feed).not.toContain('Commentaire des fixtures');
  });

  it('outsiders: public comments only, their own marked with their name, deleted by them alone', async () => {
    const a = fx.outside.applicant;
    const link = await share(`/api/applicants/${a}/shares`, { sections: ['feed'] });
    const secret = multipart({ text: 'Salaire trop élevé', 'is_private[self]': '1' });
    const priv = await call('admin', 'POST', `/api/activity-feed?applicant_id=${a}`, {
      payload: secret.payload,
      headers: secret.headers,
    });
    expect(priv.statusCode).toBe(201);

    const res = await post(
      link.token,
      'applicant',
      { name: ' Jeanne Externe ', text: 'Très bon profil' },
      '10.1.0.1',
    );
    expect(res.statusCode, res.body).toBe(201);
    const mine = res.json<{ id: number; author: unknown; is_private: boolean }>();
    expect(mine.author).toEqual({ type: 'outsider', name: 'Jeanne Externe' });
    expect(mine.is_private).toBe(false);

    const page = await shared(link.token, '/applicant/activity-feed');
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('Salaire trop élevé');
    expect(page.body).toContain('Très bon profil');
    expect(page.body).toContain('Commentaire des fixtures'); // the users' public comments
    const cats = await shared(link.token, '/applicant/activity-feed/categories');
    expect(cats.statusCode).toBe(200);
    // The users see it, marked as the outsider's.
    const inside = await call('admin', 'GET', `/api/activity-feed?applicant_id=${a}`);
    expect(inside.body).toContain('Jeanne Externe');

    for (const [fields, field] of [
      [{ text: 'Sans nom' }, 'name'],
      [{ name: 'X', text: 'Privé', 'is_private[self]': '1' }, 'is_private'],
      [{ name: 'X', text: 'Mention', 'mentions[users][0]': String(fx.outside.user) }, 'mentions'],
    ] as const) {
      const bad = await post(link.token, 'applicant', fields, '10.1.0.1');
      expect(bad.statusCode, bad.body).toBe(422);
      expect(Object.keys(bad.json<{ errors: object }>().errors)).toContain(field);
    }
    // An applicant link has no application feed.
    expect((await post(link.token, 'application', { name: 'X', text: 'Y' })).statusCode).toBe(404);

    const del = (id: number, token = link.token) =>
      call('anonymous', 'DELETE', `/api/shared/${token}/delete-comment`, {
        payload: { comment_id: id },
      });
    expect((await del(fx.outside.comment)).statusCode).toBe(404);
    const other = await share(`/api/applicants/${a}/shares`, { sections: ['feed'] });
    expect((await del(mine.id, other.token)).statusCode).toBe(404);
    expect(
      (
        await call(
          'anonymous',
          'DELETE',
          `/api/shared/${link.token}/delete-comment?comment_id=${mine.id}`,
        )
      ).statusCode,
    ).toBe(204);

    // Revoked: nothing more through it.
    await call('admin', 'DELETE', `/api/applicants/${a}/shares/${link.id}`);
    expect((await post(link.token, 'applicant', { name: 'X', text: 'Encore' })).statusCode).toBe(
      404,
    );
  });

  it('limits outsiders’ comments per link and per address (429 too_many_comments)', async () => {
    const url = `/api/applicants/${fx.inside.applicant}/shares`;
    const [one, two, three] = [
      await share(url, { sections: ['feed'] }),
      await share(url, { sections: ['feed'] }),
      await share(url, { sections: ['feed'] }),
    ];
    const ip = '10.2.0.1';
    for (let i = 0; i < SHARE_POST_LIMITS.perShare; i++)
      expect(
        (await post(one!.token, 'applicant', { name: 'A', text: `n${i}` }, ip)).statusCode,
      ).toBe(201);
    // A refused comment gives its count back.
    expect((await post(two!.token, 'applicant', { name: '', text: 'x' }, ip)).statusCode).toBe(422);
    const perShare = await post(one!.token, 'applicant', { name: 'A', text: 'trop' }, '10.2.0.2');
    expect(perShare.statusCode).toBe(429);
    expect(perShare.json()).toMatchObject({ code: 'too_many_comments' });
    expect(Number(perShare.headers['retry-after'])).toBeGreaterThan(0);

    const rest = SHARE_POST_LIMITS.perAddress - SHARE_POST_LIMITS.perShare;
    for (let i = 0; i < rest; i++)
      expect(
        (await post(two!.token, 'applicant', { name: 'B', text: `m${i}` }, ip)).statusCode,
      ).toBe(201);
    const perAddress = await post(three!.token, 'applicant', { name: 'C', text: 'trop' }, ip);
    expect(perAddress.statusCode).toBe(429);
    expect(perAddress.json()).toMatchObject({ code: 'too_many_comments' });
    // Another address may still post through the third link.
    expect(
      (await post(three!.token, 'applicant', { name: 'C', text: 'ok' }, '10.2.0.3')).statusCode,
    ).toBe(201);
    // Reading is not limited.
    expect((await shared(one!.token, '/applicant/activity-feed', ip)).statusCode).toBe(200);
  });

  it('transfers applicants by e-mail: validated, from the sender, with their links, one event each', async () => {
    const ids = [fx.outside.applicant, fx.inside.applicant];
    const payload = {
      applicant_ids: ids,
      to: 'rh@client.fr; direction@client.fr',
      cc: ['copie@client.fr'],
      bcc: ['cache@client.fr'],
      subject: 'Deux profils',
      message: 'Bonjour,\n<b>voici</b> les profils & CV.',
      access: { sections: ['profile', 'cv'], expires_in_days: 10 },
    };
    const errors = async (body: object, url = '/api/applicants/transfer') => {
      const res = await call('admin', 'POST', url, { payload: body });
      expect(res.statusCode, res.body).toBe(422);
      return res.json<{ errors: Record<string, string[]> }>().errors;
    };
    expect(await errors({ ...payload, to: ['pas-une-adresse'] })).toEqual({
      to: ['invalid_email'],
    });
    expect(
      await errors({ ...payload, cc: Array.from({ length: 21 }, (_, i) => `c${i}@client.fr`) }),
    ).toEqual({ cc: ['max_items:20'] });
    expect(await errors({ ...payload, to: [], subject: '' })).toEqual({
      to: ['field_required'],
      subject: ['field_required'],
    });
    expect(await errors({ ...payload, subject: 's'.repeat(256) })).toEqual({
      subject: ['max_length:255'],
    });
    expect(await errors({ ...payload, access: { share: true, sections: [] } })).toEqual({
      'access.sections': ['field_required'],
    });
    expect(
      await errors({ ...payload, access: { sections: ['cv'], expires_in_days: 400 } }),
    ).toEqual({
      'access.expires_in_days': ['max_value:365'],
    });
    // An offer one of them did not apply to.
    expect(await errors({ ...payload, offer_id: fx.inside.offer2 })).toEqual({
      offer_id: ['invalid'],
    });

    const before = await ctx.database.db
      .selectFrom('activity_feed_entries')
      .select('id')
      .where('kind', '=', 'applicant_transferred')
      .execute();
    const res = await call('admin', 'POST', '/api/applicants/transfer', { payload });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<{
      mails: number;
      shares: { applicant_id: number; recipients: string[] }[];
    }>();
    expect(result.mails).toBe(1);
    expect(result.shares.map((s) => s.applicant_id).sort()).toEqual([...ids].sort());
    expect(result.shares[0]!.recipients).toEqual([
      'rh@client.fr',
      'direction@client.fr',
      'copie@client.fr',
      'cache@client.fr',
    ]);
    const mail = await ctx.database.db
      .selectFrom('mail_outbox')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail).toMatchObject({
      to: 'rh@client.fr, direction@client.fr',
      cc: 'copie@client.fr',
      bcc: 'cache@client.fr',
      subject: 'Deux profils',
      from_name: 'Camille Durand',
      reply_to: 'admin@demo.test',
    });
    expect(mail.text).toContain('<b>voici</b> les profils & CV.');
    expect(mail.html).toContain('&lt;b&gt;voici&lt;/b&gt; les profils &amp; CV.');
    expect(mail.html).not.toContain('<b>voici');
    expect(mail.text).toContain('Camille Durand vous transmet 2 profils');
    const tokens = [...mail.text.matchAll(/ats\.exemple\.fr\/shared\/([\w-]+)\/applicant/g)].map(
      (m) => m[1]!,
    );
    expect(tokens).toHaveLength(2);
    const opened = (await shared(tokens[0]!, '/applicant')).json();
    expect(opened.share).toMatchObject({ type: 'applicant', sections: ['profile', 'cv'] });
    expect(ids).toContain(opened.id);
    const after = await ctx.database.db
      .selectFrom('activity_feed_entries')
      .select(['applicant_id', 'data'])
      .where('kind', '=', 'applicant_transferred')
      .where('id', 'not in', before.length ? before.map((b) => b.id) : [0])
      .execute();
    expect(after.map((e) => e.applicant_id).sort()).toEqual([...ids].sort());
    expect(JSON.parse(after[0]!.data!).to).toContain('cache@client.fr');

    // Without access: no link in the e-mail, no share.
    const plain = await call('admin', 'POST', '/api/applicants/transfer', {
      payload: {
        applicant_ids: [fx.outside.applicant],
        to: ['a@client.fr'],
        subject: 'Sans lien',
        access: { share: false, sections: ['cv'] },
      },
    });
    expect(plain.json()).toEqual({ mails: 1, shares: [] });
    const plainMail = await ctx.database.db
      .selectFrom('mail_outbox')
      .select('text')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(plainMail.text).not.toContain('/shared/');

    // From the offer both applied to: the links show that offer's feed.
    const fromOffer = await call('admin', 'POST', '/api/applicants/transfer', {
      payload: {
        applicant_ids: [fx.outside.applicant],
        offer_id: fx.outside.offer,
        to: ['a@client.fr'],
        subject: 'Depuis l’offre',
        access: { sections: ['feed'] },
      },
    });
    expect(fromOffer.json().shares[0]).toMatchObject({ offer_id: fx.outside.offer });
  });

  it('transfers applications, one e-mail each with send_type separate', async () => {
    const res = await call('admin', 'POST', '/api/applications/transfer', {
      payload: {
        application_ids: [fx.outside.application, fx.inside.application],
        send_type: 'separate',
        to: ['rh@client.fr'],
        subject: 'Candidatures',
        message: '',
        access: { sections: ['motivation'] },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ mails: 2 });
    const mails = await ctx.database.db
      .selectFrom('mail_outbox')
      .select('text')
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    for (const m of mails) {
      const token = /\/shared\/([\w-]+)\/application/.exec(m.text)![1]!;
      expect((await shared(token, '/application/motivation')).statusCode).toBe(200);
      expect((await shared(token, '/application/documents')).statusCode).toBe(404);
    }
    expect(
      (
        await call('admin', 'POST', '/api/applications/transfer', {
          payload: { application_ids: [2_000_000_000], to: ['rh@client.fr'], subject: 'S' },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('writes a transfer about one applicant with the company’s transfer model, its link filled; several at once keep the built-in text', async () => {
    const model = await call('admin', 'POST', '/api/mail-models', {
      payload: {
        kind: 'transfer',
        name: 'Transfert maison',
        is_default: true,
        contents: {
          fr: {
            subject: 'Profil de {{candidate.fullname}}',
            mjml: '<mjml><mj-body><mj-section><mj-column><mj-text>{{sender.fullname}} vous présente {{candidate.firstname}} : {{transfer.message}} <a href="{{transfer.link}}">Voir le profil</a></mj-text></mj-column></mj-section></mj-body></mjml>',
          },
        },
      },
    });
    expect(model.statusCode, model.body).toBe(201);
    const signed = await call('admin', 'PUT', '/api/me/mail-signature', {
      payload: {
        contents: {
          fr: {
            mjml: '<mjml><mj-body><mj-section><mj-column><mj-text>Camille D. — RH</mj-text></mj-column></mj-section></mj-body></mjml>',
          },
        },
      },
    });
    expect(signed.statusCode, signed.body).toBe(200);
    try {
      const res = await call('admin', 'POST', '/api/applications/transfer', {
        payload: {
          application_ids: [fx.inside.application],
          to: ['rh@client.fr'],
          subject: 'Un profil',
          message: 'à <voir> vite',
          access: { sections: ['motivation'] },
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      const mail = await ctx.database.db
        .selectFrom('mail_outbox')
        .selectAll()
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      // The subject stays as typed; the body is the model's, escaped, with the share's link.
      expect(mail.subject).toBe('Un profil');
      expect(mail.text).toMatch(/Camille Durand vous présente .+ : à <voir> vite/);
      expect(mail.html).toContain('à &lt;voir&gt; vite');
      const token = /\/shared\/([\w-]+)\/application/.exec(mail.html!)![1]!;
      expect((await shared(token, '/application/motivation')).statusCode).toBe(200);
      expect(mail.text).not.toContain('{{');
      // The sender's signature closes it.
      expect(mail.text).toMatch(/\n-- \nCamille D\. — RH\n$/);
      expect(mail.html).toContain('Camille D. — RH');

      const grouped = await call('admin', 'POST', '/api/applications/transfer', {
        payload: {
          application_ids: [fx.outside.application, fx.inside.application],
          to: ['rh@client.fr'],
          subject: 'Deux profils',
          message: '',
        },
      });
      expect(grouped.statusCode, grouped.body).toBe(200);
      const builtIn = await ctx.database.db
        .selectFrom('mail_outbox')
        .selectAll()
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(builtIn.text).not.toContain('vous présente');
    } finally {
      await call('admin', 'DELETE', `/api/mail-models/${model.json<{ id: number }>().id}`);
      await call('admin', 'PUT', '/api/me/mail-signature', { payload: { contents: {} } });
    }
  });

  it('writes a transfer e-mail in the sender’s language; subject and message stay as typed', async () => {
    const setLanguage = (language: string) =>
      ctx.database.db
        .updateTable('users')
        .set({ language })
        .where('email', '=', 'admin@other.test')
        .execute();
    const transfer = async (subject: string, message: string) => {
      const res = await call('other', 'POST', '/api/applicants/transfer', {
        payload: {
          applicant_ids: [mairieApplicant],
          to: ['hr@client.test'],
          subject,
          message,
          access: { sections: ['cv'], expires_in_days: 10 },
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      return ctx.database.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('company_id', '=', fx.mairie)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
    };
    try {
      await setLanguage('en');
      const english = await transfer('Un profil pour vous', 'Bonjour,\nvoici <le> profil.');
      expect(english.subject).toBe('Un profil pour vous');
      expect(english.text).toContain('Bonjour,\nvoici <le> profil.');
      expect(english.text).toMatch(
        / is sharing a profile with you:\n- [^\n]+: https:\/\/ats\.exemple\.fr\/shared\/[\w-]+\/applicant\n/,
      );
      expect(english.text).toMatch(
        /The links stay open until \d{2}\/\d{2}\/\d{4}\. Please do not forward them/,
      );
      expect(english.text).not.toMatch(/vous transmet|jusqu/);
      expect(english.html).toContain('<html lang="en">');
      expect(english.html).toContain('voici &lt;le&gt; profil.');

      await setLanguage('de');
      expect((await transfer('S', '')).text).toMatch(/ sendet Ihnen ein Profil:\n/);
      // A language the product does not speak: French.
      await setLanguage('it');
      const fallback = await transfer('S', '');
      expect(fallback.text).toMatch(/ vous transmet un profil :\n- [^\n]+ : https:/);
      expect(fallback.text).toContain('Les liens restent ouverts jusqu');
    } finally {
      await setLanguage('fr');
    }
  });
});

/**
 * A tiny SMTP server that refuses the next `failures` messages with 451 and keeps the others
 * (envelope and data).
 */
function fakeSmtp() {
  const received: { from: string; to: string[]; data: string }[] = [];
  const state = { failures: 0 };
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    let mail = { from: '', to: [] as string[], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 fake ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let nl: number;
      while ((nl = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(mail);
            mail = { from: '', to: [], data: '' };
            reply('250 queued');
          } else mail.data += `${line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 fake');
        else if (verb === 'MAIL') {
          if (state.failures > 0) {
            state.failures--;
            reply('451 try again later');
          } else {
            mail.from = line;
            reply('250 ok');
          }
        } else if (verb === 'RCPT') {
          mail.to.push(/<([^>]*)>/.exec(line)?.[1] ?? line);
          reply('250 ok');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 go on');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('250 ok');
      }
    });
    socket.on('error', () => {});
  });
  return {
    received,
    state,
    async listen(): Promise<number> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return (server.address() as net.AddressInfo).port;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(testDatabases())(
  'transfer e-mail through a failing SMTP server on $dialect',
  (testDb) => {
    let ctx: TestContext;
    let fx: Fixtures;
    const smtp = fakeSmtp();

    beforeAll(async () => {
      const port = await smtp.listen();
      ctx = await startTestApp(
        testDb,
        { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Embauche <noreply@embauche.test>' },
        { worker: { backoffMs: 1, maxBackoffMs: 1 } },
      );
      fx = await loadFixtures(ctx);
    }, 60_000);
    afterAll(async () => {
      await ctx.close();
      await smtp.close();
    });

    it('is retried with backoff until the server takes it, never lost', async () => {
      // The fixtures' mails went through; the next two tries are refused.
      smtp.received.length = 0;
      smtp.state.failures = 2;
      const admin = await signIn(ctx.app, 'admin@demo.test');
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/applicants/transfer',
        headers: { cookie: admin },
        payload: {
          applicant_ids: [fx.outside.applicant],
          to: ['rh@client.fr'],
          cc: ['copie@client.fr'],
          bcc: ['cache@client.fr'],
          subject: 'Profil',
          message: 'Bonjour',
          access: { sections: ['profile'] },
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      const mail = await ctx.database.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('subject', '=', 'Profil')
        .executeTakeFirstOrThrow();
      const job = () =>
        ctx.database.db
          .selectFrom('jobs')
          .select(['status', 'attempts', 'last_error'])
          .where('type', '=', 'mail.send')
          .where('payload', 'like', `%"mail_id":${mail.id}%`)
          .executeTakeFirstOrThrow();

      const outbox = () =>
        ctx.database.db
          .selectFrom('mail_outbox')
          .select(['sent_at', 'error'])
          .where('id', '=', mail.id)
          .executeTakeFirstOrThrow();
      let attempts = 0;
      while ((await outbox()).sent_at === null && attempts < 10) {
        await new Promise((r) => setTimeout(r, 5));
        // One try at a time (drain would retry at once: the backoff is 1 ms here).
        await ctx.app.worker.runOnce();
        attempts++;
        if (attempts === 1) {
          expect(await outbox()).toMatchObject({ sent_at: null });
          expect((await outbox()).error).toMatch(/451/);
          expect(await job()).toMatchObject({ status: 'queued', attempts: 1 });
        }
      }
      expect(await job()).toMatchObject({ status: 'done', attempts: 3 });
      expect(await outbox()).toMatchObject({ error: null });
      expect(smtp.received).toHaveLength(1);
      const sent = smtp.received[0]!;
      expect(sent.to.sort()).toEqual(['cache@client.fr', 'copie@client.fr', 'rh@client.fr']);
      expect(sent.data).toMatch(/^From: Camille Durand <noreply@embauche\.test>$/m);
      expect(sent.data).toMatch(/^Reply-To: admin@demo\.test$/m);
      expect(sent.data).toMatch(/^Cc: copie@client\.fr$/m);
      expect(sent.data).not.toMatch(/^Bcc:/m);
    });
  },
);
