import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GENDER_MENTION,
  ZCompanyIdentityForm,
  forbiddenWordIn,
  type TCompanyIdentity,
  type TOfferExportJob,
  type TSubscription,
} from '@embauche/contracts/company-settings';
import { apiAs, projectId, type Api } from './support/api.ts';
import { multipart } from './support/multipart.ts';
import { sessionCookie, signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

type Res = { statusCode: number; body: string; json: <T>() => T };

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
const GIF = Buffer.from('47494638396101000100800000ffffff00000021f904', 'hex');

describe('company settings contracts', () => {
  const codes = (input: object) => {
    const r = ZCompanyIdentityForm.safeParse(input);
    return r.success
      ? {}
      : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
  };
  const valid = {
    social_reason: 'ACME',
    country: 'fr',
    organisation_type: 0,
    support_url: '',
    default_language: 'fr',
    time_zone: 'europe/paris',
  };
  it('normalises and answers the codes of each field', () => {
    expect(ZCompanyIdentityForm.parse(valid)).toMatchObject({
      country: 'FR',
      support_url: null,
      time_zone: 'Europe/Paris',
    });
    expect(
      codes({
        ...valid,
        social_reason: ' ',
        support_url: 'javascript:alert(1)',
        time_zone: 'Mars/Olympus',
        default_language: 'it',
        organisation_type: 9,
        country: 'France',
      }),
    ).toEqual({
      social_reason: 'field_required',
      support_url: 'invalid_url',
      time_zone: 'invalid_time_zone',
      default_language: 'invalid',
      organisation_type: 'invalid',
      country: 'invalid',
    });
    expect(codes({ ...valid, social_reason: 'x'.repeat(256) })).toEqual({
      social_reason: 'max_length:255',
    });
  });
  it('recognises gender-neutral mentions and forbidden words', () => {
    for (const t of ['Soudeur H/F', 'Soudeur F/H', 'Soudeur (h/f/x)', 'Welder M/F', 'x/f/h dev'])
      expect(GENDER_MENTION.test(t), t).toBe(true);
    for (const t of ['Soudeur', 'Chef/Cheffe', 'HF radio'])
      expect(GENDER_MENTION.test(t), t).toBe(false);
    expect(forbiddenWordIn('<p>Un <b>Jeune</b> diplômé</p>', ['jeune'])).toBe('jeune');
    expect(forbiddenWordIn('Rajeunir l’équipe', ['jeune'])).toBeNull();
    expect(forbiddenWordIn('Équipe dynamique', ['equipe'])).toBe('equipe');
  });
});

/**
 * Issue 17 (contracts/company-settings.ts): identity and logo, plan (super administrator only),
 * company description, NonDiscrimination offer parameters and the background offer export; each
 * with its permission, and another company seeing nothing of Valmont's.
 */
describe.each(testDatabases())('company settings on $dialect', (testDb) => {
  let ctx: TestContext;
  let admin: Api;
  let recruiter: Api;
  let other: Api;
  let superadmin: Api;
  let valmont: number;
  let finance: number;

  const ok = <T>(res: Res, status = 200) => {
    expect(res.statusCode, res.body).toBe(status);
    return res.json<T>();
  };
  const errors = (res: Res, status = 422) => {
    expect(res.statusCode, res.body).toBe(status);
    return res.json<{ errors: Record<string, string[]> }>().errors;
  };
  const upload = (api: 'admin' | 'recruiter', data: Buffer, name = 'logo.png') => {
    const body = multipart({}, [{ field: 'logo', filename: name, data }]);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/config/account-infos/admin-infos/logo',
      payload: body.payload,
      headers: { ...body.headers, cookie: cookies[api] },
    });
  };
  const cookies: Record<string, string> = {};
  const identity = {
    social_reason: 'Groupe Valmont SA',
    country: 'FR',
    organisation_type: 2,
    support_url: 'https://aide.valmont.example/support',
    default_language: 'en',
    time_zone: 'America/New_York',
  };

  beforeAll(async () => {
    ctx = await startTestApp(testDb);
    cookies.admin = await signIn(ctx.app, 'admin@demo.test');
    cookies.recruiter = await signIn(ctx.app, 'recruiter@demo.test');
    admin = apiAs(ctx.app, cookies.admin);
    recruiter = apiAs(ctx.app, cookies.recruiter);
    other = apiAs(ctx.app, await signIn(ctx.app, 'admin@other.test'));
    superadmin = apiAs(ctx.app, await signIn(ctx.app, 'superadmin@demo.test'));
    valmont = (
      await ctx.database.db
        .selectFrom('users')
        .select('company_id')
        .where('email', '=', 'admin@demo.test')
        .executeTakeFirstOrThrow()
    ).company_id;
    finance = await projectId(admin, 'Finance et contrôle de gestion');
  });
  afterAll(async () => ctx?.close());

  it('the OpenAPI document describes the calls from their schemas', async () => {
    const doc = ok<{ paths: Record<string, Record<string, unknown>> }>(
      await apiAs(ctx.app).get('/api/docs/json'),
    );
    for (const path of [
      '/api/config/account-infos/admin-infos',
      '/api/config/account-infos/admin-infos/logo',
      '/api/company/logo',
      '/api/config/account-infos/subscription',
      '/api/config/joboffers/company-description',
      '/api/config/joboffers/offer-parameters',
      '/api/config/joboffers/export',
      '/api/config/joboffers/export/{id}',
      '/api/config/joboffers/export/{id}/download',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
    expect(doc.paths['/api/config/account-infos/admin-infos']!.put).toBeDefined();
  });

  it('admin infos: read, validated, saved, seen by /me; 403 without config.account', async () => {
    const before = ok<TCompanyIdentity>(await admin.get('/api/config/account-infos/admin-infos'));
    expect(before).toMatchObject({
      social_reason: 'Groupe Valmont',
      logo_src: null,
      time_zone: 'Europe/Paris',
    });
    expect((await recruiter.get('/api/config/account-infos/admin-infos')).statusCode).toBe(403);
    expect(
      (await recruiter.put('/api/config/account-infos/admin-infos', identity)).statusCode,
    ).toBe(403);
    expect(
      errors(
        await admin.put('/api/config/account-infos/admin-infos', {
          ...identity,
          social_reason: '',
          support_url: 'ftp://files.example',
          time_zone: 'Nowhere/Town',
        }),
      ),
    ).toEqual({
      social_reason: ['field_required'],
      support_url: ['invalid_url'],
      time_zone: ['invalid_time_zone'],
    });
    const saved = ok<TCompanyIdentity>(
      await admin.put('/api/config/account-infos/admin-infos', identity),
    );
    expect(saved).toMatchObject(identity);
    const me = ok<Record<string, unknown>>(await admin.get('/api/me'));
    expect(me).toMatchObject({
      company_name: identity.social_reason,
      support_url: identity.support_url,
      organisation_type: 2,
    });
    // The other company reads and writes its own row only.
    const theirs = ok<TCompanyIdentity>(await other.get('/api/config/account-infos/admin-infos'));
    expect(theirs.social_reason).not.toBe(identity.social_reason);
    ok(
      await other.put('/api/config/account-infos/admin-infos', {
        ...identity,
        social_reason: 'Mairie',
      }),
    );
    expect(
      ok<TCompanyIdentity>(await admin.get('/api/config/account-infos/admin-infos')).social_reason,
    ).toBe(identity.social_reason);
    const audit = await ctx.database.db
      .selectFrom('audit_log')
      .select('company_id')
      .where('action', '=', 'company.identity_updated')
      .execute();
    expect(audit.map((a) => a.company_id)).toContain(valmont);
  });

  it('logo: sniffed PNG/JPEG/WebP up to 2 MB, served to the company only, deleted', async () => {
    expect(errors(await upload('admin', GIF, 'logo.png'))).toEqual({ logo: ['file_type'] });
    expect(errors(await upload('admin', Buffer.from('<svg onload="x()"/>'), 'logo.svg'))).toEqual({
      logo: ['file_type'],
    });
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    expect(errors(await upload('admin', big), 413)).toEqual({ logo: ['file_too_large:2'] });
    expect((await upload('recruiter', PNG)).statusCode).toBe(403);
    const saved = ok<TCompanyIdentity>(await upload('admin', PNG));
    expect(saved.logo_src).toMatch(/^\/api\/company\/logo\?v=[0-9a-f]{16}$/);
    // Every signed-in user of the company sees it; the other company has none of its own.
    const img = await recruiter.get('/api/company/logo');
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect((await other.get('/api/company/logo')).statusCode).toBe(404);
    expect((await apiAs(ctx.app).get('/api/company/logo')).statusCode).toBe(401);
    expect((await admin.del('/api/config/account-infos/admin-infos/logo')).statusCode).toBe(204);
    expect((await recruiter.get('/api/company/logo')).statusCode).toBe(404);
    expect(
      ok<TCompanyIdentity>(await admin.get('/api/config/account-infos/admin-infos')).logo_src,
    ).toBeNull();
  });

  it('subscription: read-only for the company, changed by a super administrator only', async () => {
    const sub = ok<TSubscription>(await admin.get('/api/config/account-infos/subscription'));
    const active = await ctx.database.db
      .selectFrom('users')
      .select('id')
      .where('company_id', '=', valmont)
      .where('active', '=', true)
      .execute();
    expect(sub).toMatchObject({ seats_used: active.length, editable: false });
    expect(sub.features).toEqual(expect.arrayContaining(['SMS', 'NonDiscrimination']));
    const change = {
      plan_name: 'Entreprise',
      seats_allowed: 50,
      renewal_date: '2027-01-31',
      features: ['SMS', 'NonDiscrimination', 'OffersFollowUp', 'SSO'],
    };
    expect((await admin.put('/api/config/account-infos/subscription', change)).statusCode).toBe(
      403,
    );
    expect((await recruiter.get('/api/config/account-infos/subscription')).statusCode).toBe(403);
    const switched = await superadmin.put('/api/superadmin/change_company', {
      company_id: valmont,
    });
    expect(switched.statusCode).toBe(204);
    // The switch replaces the session.
    superadmin = apiAs(ctx.app, sessionCookie(switched));
    const asStaff = ok<TSubscription>(
      await superadmin.get('/api/config/account-infos/subscription'),
    );
    expect(asStaff.editable).toBe(true);
    expect(
      errors(
        await superadmin.put('/api/config/account-infos/subscription', {
          seats_allowed: 0,
          renewal_date: '2027-02-30',
          features: ['Teleport'],
        }),
      ),
    ).toEqual({
      seats_allowed: ['min_value:1'],
      renewal_date: ['invalid'],
      'features.0': ['invalid'],
    });
    ok(await superadmin.put('/api/config/account-infos/subscription', change));
    expect(
      ok<TSubscription>(await admin.get('/api/config/account-infos/subscription')),
    ).toMatchObject({
      ...change,
      editable: false,
    });
    // Mairie's plan did not move.
    expect(
      ok<TSubscription>(await other.get('/api/config/account-infos/subscription')).plan_name,
    ).toBeNull();
    expect((await superadmin.post('/api/superadmin/reset')).statusCode).toBe(204);
  });

  it('company description: sanitised, shown on every offer; 403 without the permission', async () => {
    expect((await recruiter.get('/api/config/joboffers/company-description')).statusCode).toBe(403);
    expect(
      errors(
        await admin.put('/api/config/joboffers/company-description', {
          description: 'x'.repeat(20_001),
        }),
      ),
    ).toEqual({ description: ['max_length:20000'] });
    const saved = ok<{ description: string }>(
      await admin.put('/api/config/joboffers/company-description', {
        description:
          '<p>Nous <strong>recrutons</strong></p><script>alert(1)</script><img src=x onerror=y>',
      }),
    );
    expect(saved.description).toBe('<p>Nous <strong>recrutons</strong></p>');
    const offer = ok<{ id: number; company_description: string | null }>(
      await admin.post(`/api/projects/${finance}/offers`, { job_position: 'Contrôleur H/F' }),
      201,
    );
    expect(offer.company_description).toBe(saved.description);
    // The other company's offers do not carry Valmont's text.
    expect(
      ok<{ description: null }>(await other.get('/api/config/joboffers/company-description'))
        .description,
    ).toBeNull();
  });

  it('offer parameters: NonDiscrimination only; its checks block an offer save', async () => {
    expect((await other.get('/api/config/joboffers/offer-parameters')).statusCode).toBe(403);
    expect((await recruiter.get('/api/config/joboffers/offer-parameters')).statusCode).toBe(403);
    expect(
      errors(
        await admin.put('/api/config/joboffers/offer-parameters', {
          require_gender_mention: 'yes',
          forbidden_words: [''],
          mandatory_mentions: 'x'.repeat(2001),
        }),
      ),
    ).toEqual({
      require_gender_mention: ['invalid'],
      'forbidden_words.0': ['field_required'],
      mandatory_mentions: ['max_length:2000'],
    });
    const params = {
      require_gender_mention: true,
      forbidden_words: ['jeune', 'jeune'],
      mandatory_mentions: 'Tous nos postes sont ouverts aux personnes en situation de handicap.',
    };
    expect(ok(await admin.put('/api/config/joboffers/offer-parameters', params))).toEqual({
      ...params,
      forbidden_words: ['jeune'],
    });
    expect(
      errors(await admin.post(`/api/projects/${finance}/offers`, { job_position: 'Comptable' })),
    ).toEqual({ job_position: ['gender_mention_required'] });
    expect(
      errors(
        await admin.post(`/api/projects/${finance}/offers`, {
          job_position: 'Jeune comptable H/F',
          description: '<p>Idéal pour un <em>jeune</em> diplômé</p>',
        }),
      ),
    ).toEqual({ job_position: ['forbidden_word'], description: ['forbidden_word'] });
    const offer = ok<{ id: number; mandatory_mentions: string | null }>(
      await admin.post(`/api/projects/${finance}/offers`, { job_position: 'Comptable (h/f/x)' }),
      201,
    );
    expect(offer.mandatory_mentions).toBe(params.mandatory_mentions);
    expect(
      errors(
        await admin.put(`/api/projects/${finance}/offers/${offer.id}`, {
          job_position: 'Comptable',
        }),
      ),
    ).toEqual({ job_position: ['gender_mention_required'] });
    // Other fields change freely; turned off, the checks stop.
    ok(await admin.put(`/api/projects/${finance}/offers/${offer.id}`, { location: 'Lyon' }));
    ok(
      await admin.put('/api/config/joboffers/offer-parameters', {
        require_gender_mention: false,
        forbidden_words: [],
        mandatory_mentions: null,
      }),
    );
    ok(
      await admin.put(`/api/projects/${finance}/offers/${offer.id}`, { job_position: 'Comptable' }),
    );
  });

  it('offer export: a background job with progress, a download, the company only', async () => {
    expect(
      errors(
        await admin.post('/api/config/joboffers/export', {
          format: 'pdf',
          columns: [],
          language: 'fr',
        }),
      ),
    ).toEqual({ format: ['invalid'], columns: ['field_required'] });
    expect(
      (
        await recruiter.post('/api/config/joboffers/export', {
          format: 'csv',
          columns: ['id'],
          language: 'fr',
        })
      ).statusCode,
    ).toBe(403);
    const job = ok<TOfferExportJob>(
      await admin.post('/api/config/joboffers/export', {
        format: 'json',
        columns: ['job_position', 'id', 'status'],
        language: 'en',
      }),
      202,
    );
    expect(job).toMatchObject({
      status: 'queued',
      columns: ['id', 'job_position', 'status'],
      download_url: null,
    });
    expect((await admin.get(`/api/config/joboffers/export/${job.id}/download`)).statusCode).toBe(
      409,
    );
    await ctx.app.worker.drain();
    const done = ok<TOfferExportJob>(await admin.get(`/api/config/joboffers/export/${job.id}`));
    expect(done.status).toBe('done');
    expect(done.total).toBeGreaterThan(0);
    expect(done.progress).toBe(done.total);
    const file = await admin.get(done.download_url!);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/json');
    const rows = JSON.parse(file.body) as Record<string, unknown>[];
    expect(rows).toHaveLength(done.total!);
    expect(Object.keys(rows[0]!)).toEqual(['id', 'job_position', 'status']);
    const offers = await ctx.database.db
      .selectFrom('offers')
      .select('id')
      .where('company_id', '=', valmont)
      .execute();
    expect(rows.map((r) => r.id).sort()).toEqual(offers.map((o) => o.id).sort());
    const list = ok<{ data: TOfferExportJob[] }>(await admin.get('/api/config/joboffers/export'));
    expect(list.data[0]!.id).toBe(job.id);
    // Another company: not found, and not listed.
    expect((await other.get(`/api/config/joboffers/export/${job.id}`)).statusCode).toBe(404);
    expect((await other.get(`/api/config/joboffers/export/${job.id}/download`)).statusCode).toBe(
      404,
    );
    expect(ok<{ data: unknown[] }>(await other.get('/api/config/joboffers/export')).data).toEqual(
      [],
    );
    // CSV: the chosen columns' titles, in the chosen language.
    const csv = ok<TOfferExportJob>(
      await admin.post('/api/config/joboffers/export', {
        format: 'csv',
        columns: ['id', 'job_position'],
        language: 'fr',
      }),
      202,
    );
    await ctx.app.worker.drain();
    const text = (await admin.get(`/api/config/joboffers/export/${csv.id}/download`)).body;
    expect(text.split('\r\n')[0]).toMatch(/^\uFEFF[^;]+;[^;]+$/);
  });
});
