import { randomBytes, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_APPLICATION_FIELDS } from '@embauche/contracts/offer-settings';
import { secretBoxFor } from '../src/platform/crypto/secret-box.ts';
import { APPLY_RULES, ApplyTokens } from '../src/modules/career-site/career-site-apply-form.ts';
import { apiAs, type Api } from './support/api.ts';
import { multipart, pdfWith, type Part } from './support/multipart.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';
import { careerSiteForm } from './support/career-site-form.ts';

const FORM = careerSiteForm();

/**
 * Issue 37 part 3 (docs/career-site.md "Applying"): the apply form built from the application
 * path, the application through the manual entry's path (dedupe by e-mail, first status, CV text
 * extracted, followers told), the job board of the tracking parameter, the consent stored, the
 * confirmation page and e-mail, and the abuse rules (honeypot, fill time, limits per address and
 * per e-mail). Uploads are limited to 1 MB here so that the too-large case stays small.
 */
describe.each(testDatabases())('applying from the career site on $dialect', (testDb) => {
  let ctx: TestContext;
  let admin: Api;
  let valmont: number;
  let offer: { id: number; project_id: number };
  let second: number;
  let hidden: { unpublished: number; mairie: number };
  let tokens: ApplyTokens;
  let fresh: ApplyTokens;

  const url = (id: number) => `/careers/valmont-recrute/offers/${id}`;
  const post = (
    id: number,
    fields: Record<string, string>,
    files: Part[] = [],
    remoteAddress = '203.0.113.10',
  ) => {
    const body = multipart(fields, files);
    return ctx.app.inject({
      method: 'POST',
      url: url(id),
      payload: body.payload,
      headers: body.headers,
      remoteAddress,
    });
  };
  /** A form as the page hands it out, shown long enough ago. */
  const form = (id: number, fields: Record<string, string>) => ({
    t: tokens.issue(valmont, id),
    notice: '1',
    consent: '1',
    ...fields,
  });
  const pdf = async (words: string[]): Promise<Part> => ({
    field: 'cv',
    filename: 'cv.pdf',
    data: await pdfWith(words),
    type: 'application/pdf',
  });
  const applicantByEmail = (email: string) =>
    ctx.database.db
      .selectFrom('applicants')
      .selectAll()
      .where('company_id', '=', valmont)
      .where('email', '=', email)
      .execute();
  const applicationsOf = (applicantId: number) =>
    ctx.database.db
      .selectFrom('applications')
      .selectAll()
      .where('applicant_id', '=', applicantId)
      .orderBy('id')
      .execute();
  const setPath = async (
    fields: Partial<typeof DEFAULT_APPLICATION_FIELDS>,
    docs: number[] = [],
  ) => {
    const res = await admin.put('/api/application-path', {
      fields: { ...DEFAULT_APPLICATION_FIELDS, ...fields },
      document_type_ids: docs,
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  beforeAll(async () => {
    ctx = await startTestApp(testDb, { UPLOAD_MAX_MB: '1' });
    admin = apiAs(ctx.app, await signIn(ctx.app, 'admin@demo.test'));
    const other = apiAs(ctx.app, await signIn(ctx.app, 'admin@other.test'));
    valmont = (await admin.get('/api/me')).json<{ company_id: number }>().company_id;
    const mairie = (await other.get('/api/me')).json<{ company_id: number }>().company_id;
    expect((await admin.put('/api/config/career-site', FORM)).statusCode).toBe(200);
    const { db } = ctx.database;
    const offers = (companyId: number) =>
      db
        .selectFrom('offers')
        .select(['id', 'project_id'])
        .where('company_id', '=', companyId)
        .where('project_id', 'is not', null)
        .orderBy('id')
        .execute();
    const [mine, theirs] = await Promise.all([offers(valmont), offers(mairie)]);
    await db
      .updateTable('offers')
      .set({ status: 'unpublished' })
      .where('company_id', '=', valmont)
      .execute();
    offer = { id: mine[0]!.id, project_id: mine[0]!.project_id! };
    second = mine[1]!.id;
    hidden = { unpublished: mine[2]!.id, mairie: theirs[0]!.id };
    await db
      .updateTable('offers')
      .set({ status: 'published', archived: false, job_position: 'Soudeur H/F' })
      .where('id', 'in', [offer.id, second, hidden.mairie])
      .execute();
    const box = secretBoxFor(ctx.config);
    tokens = new ApplyTokens(box, () => Date.now() - 10_000);
    fresh = new ApplyTokens(box);
    await setPath({});
  });
  afterAll(async () => ctx?.close());

  it('shows the form of the application path, labelled, and says so in the JSON-LD', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `${url(offer.id)}?source=indeed` });
    expect(res.statusCode, res.body).toBe(200);
    const html = res.body;
    expect(html).toContain('<form method="post" enctype="multipart/form-data"');
    expect(html).not.toContain('ouvre bientôt');
    for (const name of ['firstname', 'lastname', 'email', 'phone', 'cover_letter', 'cv', 'consent'])
      expect(html).toMatch(new RegExp(`<label for="a-${name}">`));
    // The default path: the address and birth date hidden, the CV required, the phone optional.
    expect(html).not.toContain('name="address"');
    expect(html).not.toContain('name="birth_date"');
    expect(html).toMatch(/name="cv" type="file"[^>]* required/);
    expect(html).not.toMatch(/name="phone"[^>]* required/);
    expect(html).toContain('<input type="hidden" name="source" value="indeed">');
    expect(html).toContain('version 1');
    expect(html).toContain('name="website"');
    const ld = JSON.parse(
      /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!,
    ) as Record<string, unknown>;
    expect(ld.directApply).toBe(true);
    // English page, English form.
    const en = await ctx.app.inject({ method: 'GET', url: `${url(offer.id)}?lng=en` });
    expect(en.body).toContain('Send my application');
    expect(en.body).toContain('<input type="hidden" name="lng" value="en">');
  });

  it('applies: the pipeline’s first status, the board of the tracking parameter, the CV searchable, consent, e-mail, followers told', async () => {
    const follow = await admin.post(
      `/api/projects/${offer.project_id}/offers/${offer.id}/favorites`,
    );
    expect(follow.statusCode, follow.body).toBe(204);
    const publish = vi.spyOn(ctx.app.hubPublisher, 'publish');
    const res = await post(
      offer.id,
      form(offer.id, {
        firstname: 'Inès',
        lastname: 'Garnier',
        email: 'Ines.Garnier@example.test',
        phone: '+33 6 12 34 56 78',
        cover_letter: 'Dix ans de soudure TIG.',
        source: 'indeed',
      }),
      [await pdf(['Soudeuse TIG', 'zygomatique chaudronnerie'])],
      '203.0.113.11',
    );
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toMatch(
      new RegExp(`/careers/valmont-recrute/offers/${offer.id}-soudeur-h-f/applied\\?lng=fr$`),
    );
    const [applicant] = await applicantByEmail('ines.garnier@example.test');
    expect(applicant).toMatchObject({ firstname: 'Inès', phone: '+33 6 12 34 56 78' });
    const board = await ctx.database.db
      .selectFrom('job_boards')
      .select('id')
      .where('slug', '=', 'indeed')
      .executeTakeFirstOrThrow();
    expect(applicant).toMatchObject({ provenance_id: 1, jobboard_id: board.id });
    expect(applicant!.cv_key).toBeTruthy();
    const [application] = await applicationsOf(applicant!.id);
    expect(application).toMatchObject({
      offer_id: offer.id,
      status_id: 1,
      jobboard_id: board.id,
      motivation: 'Dix ans de soudure TIG.',
    });
    const consent = await ctx.database.db
      .selectFrom('career_site_applications')
      .selectAll()
      .where('application_id', '=', application!.id)
      .executeTakeFirstOrThrow();
    expect(consent).toMatchObject({
      company_id: valmont,
      notice_language: 'fr',
      notice_version: 1,
      ip: '203.0.113.11',
      jobboard_id: board.id,
    });
    expect(Date.now() - new Date(String(consent.consented_at)).getTime()).toBeLessThan(60_000);
    const mail = await ctx.database.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to', '=', 'ines.garnier@example.test')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toMatch(/^Votre candidature « Soudeur H\/F » – /);
    expect(mail.text).toContain('Bonjour Inès,');
    // The offer's follower was told, live.
    const notes = (await admin.get('/api/notifications')).json<{
      data: { data: { slug: string } }[];
    }>();
    expect(notes.data.some((n) => n.data.slug === 'application_received')).toBe(true);
    expect(publish).toHaveBeenCalled();
    publish.mockRestore();
    // The CV's text is extracted off the request thread, then found by the search.
    await ctx.app.worker.drain();
    const found = await admin.get('/api/applicants?search=zygomatique');
    expect(found.json<{ data: { id: number }[] }>().data.map((a) => a.id)).toEqual([applicant!.id]);
    // The confirmation page, in the candidate's language.
    const page = await ctx.app.inject({ method: 'GET', url: res.headers.location as string });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Candidature envoyée');
    expect(page.headers['cache-control']).toBe('no-store');
  });

  it('joins the applicant of the same e-mail, and never adds a second application to one offer', async () => {
    const before = (await applicantByEmail('ines.garnier@example.test'))[0]!;
    const again = await post(
      second,
      form(second, {
        firstname: 'Ines',
        lastname: 'Garnier',
        email: 'INES.GARNIER@example.test',
        lng: 'en',
      }),
      [await pdf(['Second CV'])],
      '203.0.113.12',
    );
    expect(again.statusCode, again.body).toBe(303);
    expect(await applicantByEmail('ines.garnier@example.test')).toHaveLength(1);
    const apps = await applicationsOf(before.id);
    expect(apps.map((a) => a.offer_id)).toEqual([offer.id, second]);
    // No tracking parameter: the career site itself.
    const consent = await ctx.database.db
      .selectFrom('career_site_applications')
      .selectAll()
      .where('application_id', '=', apps[1]!.id)
      .executeTakeFirstOrThrow();
    expect(consent).toMatchObject({ notice_language: 'en', notice_version: 1, jobboard_id: null });
    const english = await ctx.database.db
      .selectFrom('mail_outbox')
      .select('subject')
      .where('to', '=', 'ines.garnier@example.test')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(english.subject).toMatch(/^Your application “Soudeur H\/F”/);
    // The same offer again: the same answer, nothing added (who applied is nobody else's business).
    const twice = await post(
      offer.id,
      form(offer.id, {
        firstname: 'Ines',
        lastname: 'Garnier',
        email: 'ines.garnier@example.test',
      }),
      [await pdf(['Third CV'])],
      '203.0.113.12',
    );
    expect(twice.statusCode, twice.body).toBe(303);
    expect(await applicationsOf(before.id)).toHaveLength(2);
  });

  it('follows the path: required and hidden fields, the documents asked; errors translated, input kept', async () => {
    const types = (await admin.get('/api/application-path')).json<{
      document_types: { id: number; name: string }[];
    }>().document_types;
    const diploma = types.find((t) => t.name === 'diploma')!;
    await setPath(
      { phone: 'required', address: 'optional', cover_letter: 'hidden', cv: 'optional' },
      [diploma.id],
    );
    try {
      const page = await ctx.app.inject({ method: 'GET', url: url(offer.id) });
      expect(page.body).toContain('name="address"');
      expect(page.body).not.toContain('name="cover_letter"');
      expect(page.body).toMatch(
        new RegExp(`name="document_${diploma.id}" type="file"[^>]* required`),
      );
      const wrong = await post(
        offer.id,
        form(offer.id, {
          firstname: 'Marc <b>',
          lastname: '',
          email: 'pas-une-adresse',
          address: '3 rue des Forges',
          consent: '',
        }),
        [
          {
            field: 'cv',
            filename: 'cv.exe',
            data: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0xff, 0x01, 0x80]),
            type: 'application/octet-stream',
          },
        ],
        '203.0.113.13',
      );
      expect(wrong.statusCode).toBe(422);
      expect(wrong.headers['cache-control']).toBe('no-store');
      const html = wrong.body;
      expect(html).toContain('Le formulaire contient');
      expect(html).toMatch(/id="a-lastname"[^>]*aria-invalid="true"/);
      expect(html).toContain('Cette adresse e-mail n’est pas valide.');
      expect(html).toContain('Ce type de fichier n’est pas accepté');
      expect(html).toContain('Votre accord est nécessaire');
      expect(html).toMatch(/id="a-phone-error">Ce champ est obligatoire/);
      expect(html).toMatch(new RegExp(`id="a-document_${diploma.id}-error"`));
      // What the candidate typed comes back (escaped); files must be chosen again.
      expect(html).toContain('value="Marc &lt;b&gt;"');
      expect(html).toContain('>3 rue des Forges</textarea>');
      expect(html).toContain('choisissez à nouveau vos fichiers');
      expect(await applicantByEmail('pas-une-adresse')).toHaveLength(0);

      const doc: Part = {
        field: `document_${diploma.id}`,
        filename: 'diplome.pdf',
        data: await pdfWith(['Diplome']),
        type: 'application/pdf',
      };
      const ok = await post(
        offer.id,
        form(offer.id, {
          firstname: 'Marc',
          lastname: 'Petit',
          email: 'marc.petit@example.test',
          phone: '0612345678',
          address: '3 rue des Forges',
          linkedin_url: 'https://www.linkedin.com/in/marc-petit',
          cover_letter: 'hidden, not kept',
        }),
        [doc],
        '203.0.113.13',
      );
      expect(ok.statusCode, ok.body).toBe(303);
      const [marc] = await applicantByEmail('marc.petit@example.test');
      expect(marc).toMatchObject({ cv_key: null, motivation: null });
      const [application] = await applicationsOf(marc!.id);
      expect(application!.motivation).toBeNull();
      const docs = await ctx.database.db
        .selectFrom('applicant_documents')
        .select(['document_type_id', 'mime'])
        .where('applicant_id', '=', marc!.id)
        .execute();
      expect(docs).toEqual([{ document_type_id: diploma.id, mime: 'application/pdf' }]);
      const consent = await ctx.database.db
        .selectFrom('career_site_applications')
        .select('answers')
        .where('application_id', '=', application!.id)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(consent.answers)).toEqual({
        address: '3 rue des Forges',
        linkedin_url: 'https://www.linkedin.com/in/marc-petit',
      });
    } finally {
      await setPath({});
    }
  });

  it('answers 404 for offers that are not public, and another company’s offer under this slug', async () => {
    for (const id of [hidden.unpublished, hidden.mairie, 999_999]) {
      const res = await post(
        id,
        form(id, { firstname: 'A', lastname: 'B', email: 'a.b@example.test' }),
        [await pdf(['x'])],
        '203.0.113.14',
      );
      expect(res.statusCode, String(id)).toBe(404);
    }
    expect(
      (await ctx.app.inject({ method: 'GET', url: `${url(hidden.mairie)}/applied` })).statusCode,
    ).toBe(404);
    expect(await applicantByEmail('a.b@example.test')).toHaveLength(0);
  });

  it('keeps nothing from the honeypot, and refuses a form sent too fast or forged', async () => {
    const bot = await post(
      offer.id,
      form(offer.id, {
        firstname: 'Bot',
        lastname: 'Bot',
        email: 'bot@example.test',
        website: 'https://spam.example',
      }),
      [await pdf(['spam'])],
      '203.0.113.15',
    );
    expect(bot.statusCode).toBe(303);
    expect(await applicantByEmail('bot@example.test')).toHaveLength(0);

    const fast = await post(
      offer.id,
      {
        ...form(offer.id, { firstname: 'Rapide', lastname: 'Vite', email: 'vite@example.test' }),
        t: fresh.issue(valmont, offer.id),
      },
      [await pdf(['fast'])],
      '203.0.113.15',
    );
    expect(fast.statusCode).toBe(422);
    expect(fast.body).toContain('Merci de relire votre saisie');
    expect(fast.body).toContain('value="Rapide"');
    for (const t of ['', '123.abc', tokens.issue(valmont, second)]) {
      const forged = await post(
        offer.id,
        { ...form(offer.id, { firstname: 'F', lastname: 'G', email: 'f.g@example.test' }), t },
        [await pdf(['forged'])],
        '203.0.113.15',
      );
      expect(forged.statusCode, t).toBe(422);
      expect(forged.body).toContain('Ce formulaire a expiré');
    }
    expect(await applicantByEmail('vite@example.test')).toHaveLength(0);
    expect(APPLY_RULES.minFillMs).toBeGreaterThanOrEqual(2_000);
  });

  it('limits applications per e-mail and per address, shown in the form with Retry-After', async () => {
    const fields = (i: number) =>
      form(offer.id, { firstname: 'Lou', lastname: `N${i}`, email: 'lou@example.test' });
    const statuses: number[] = [];
    for (let i = 0; i <= APPLY_RULES.perEmail; i += 1)
      statuses.push(
        (await post(offer.id, fields(i), [await pdf(['lou'])], `198.51.100.${i + 1}`)).statusCode,
      );
    expect(statuses.slice(0, APPLY_RULES.perEmail)).toEqual(Array(APPLY_RULES.perEmail).fill(303));
    const limited = await post(offer.id, fields(9), [await pdf(['lou'])], '198.51.100.99');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.body).toContain('Trop de candidatures');
    expect(limited.body).toContain('value="lou@example.test"');

    let last = 0;
    for (let i = 0; i <= APPLY_RULES.perAddress && last !== 429; i += 1)
      last = (
        await post(
          offer.id,
          form(offer.id, { firstname: '', lastname: '', email: '' }),
          [],
          '192.0.2.50',
        )
      ).statusCode;
    expect(last).toBe(429);
    // Another address still applies.
    const other = await post(
      offer.id,
      form(offer.id, { firstname: 'Zoé', lastname: 'Roux', email: 'zoe.roux@example.test' }),
      [await pdf(['zoe'])],
      '192.0.2.51',
    );
    expect(other.statusCode, other.body).toBe(303);
  });

  it('answers a CV over the upload limit with the form, what was typed before it kept', async () => {
    const res = await post(
      offer.id,
      form(offer.id, { firstname: 'Gros', lastname: 'Fichier', email: 'gros@example.test' }),
      [
        {
          field: 'cv',
          filename: 'big.pdf',
          data: Buffer.alloc(1_200_000, 0x25),
          type: 'application/pdf',
        },
      ],
      '203.0.113.16',
    );
    expect(res.statusCode).toBe(413);
    expect(res.body).toContain('Ce fichier dépasse 1 Mo.');
    expect(res.body).toContain('value="gros@example.test"');
    expect(await applicantByEmail('gros@example.test')).toHaveLength(0);
  });
});

/**
 * The limits hold across instances: two servers (each on a database of its own) sharing the test
 * Redis count one candidate's applications together. Their forms' timestamps verify on either,
 * as they share ENCRYPTION_KEY (required in production with REDIS_URL). Skipped without
 * TEST_REDIS_URL; the run's keys are deleted at the end.
 */
const redisUrl = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL;
const prefix = `embauche-test:${randomUUID()}:attempts:`;

describe.skipIf(!redisUrl)('career-site application limits across instances through Redis', () => {
  const apps: TestContext[] = [];
  let offerId = 0;
  let companyId = 0;

  beforeAll(async () => {
    const key = randomBytes(32).toString('base64url');
    for (let i = 0; i < 2; i++) {
      const ctx = await startTestApp(testDatabases()[0]!, {
        REDIS_URL: redisUrl!,
        ATTEMPTS_REDIS_PREFIX: prefix,
        ENCRYPTION_KEY: key,
      });
      apps.push(ctx);
      const admin = apiAs(ctx.app, await signIn(ctx.app, 'admin@demo.test'));
      companyId = (await admin.get('/api/me')).json<{ company_id: number }>().company_id;
      expect((await admin.put('/api/config/career-site', FORM)).statusCode).toBe(200);
      const offer = await ctx.database.db
        .selectFrom('offers')
        .select('id')
        .where('company_id', '=', companyId)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      offerId = offer.id;
      await ctx.database.db
        .updateTable('offers')
        .set({ status: 'published', archived: false })
        .where('id', '=', offerId)
        .execute();
    }
  }, 60_000);
  afterAll(async () => {
    for (const ctx of apps) await ctx.close();
    const redis = new Redis(redisUrl!);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('counts one e-mail’s applications on both instances', async () => {
    const [a, b] = apps as [TestContext, TestContext];
    // Signed on A, read on B: the same key.
    const tokens = new ApplyTokens(secretBoxFor(a.config), () => Date.now() - 10_000);
    const send = async (ctx: TestContext, i: number) => {
      const body = multipart(
        {
          t: tokens.issue(companyId, offerId),
          notice: '1',
          consent: '1',
          firstname: 'Léa',
          lastname: `R${i}`,
          email: 'lea.shared@example.test',
        },
        [
          {
            field: 'cv',
            filename: 'cv.pdf',
            data: await pdfWith(['Lea']),
            type: 'application/pdf',
          },
        ],
      );
      return ctx.app.inject({
        method: 'POST',
        url: `/careers/valmont-recrute/offers/${offerId}`,
        payload: body.payload,
        headers: body.headers,
        remoteAddress: `198.18.0.${i + 1}`,
      });
    };
    const statuses: number[] = [];
    for (let i = 0; i < APPLY_RULES.perEmail; i += 1)
      statuses.push((await send(i % 2 ? b : a, i)).statusCode);
    expect(statuses).toEqual(Array(APPLY_RULES.perEmail).fill(303));
    for (const ctx of [a, b]) expect((await send(ctx, 9)).statusCode).toBe(429);
  });
});
