import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ZCareerSiteForm,
  contrastRatio,
  slugify,
  type TCareerSite,
  type TCareerSiteFormInput,
} from '@embauche/contracts/career-site';
import type { TOfferImage } from '@embauche/contracts/offer-settings';
import { apiAs, type Api } from './support/api.ts';
import { multipart } from './support/multipart.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

type Res = { statusCode: number; body: string; json: <T>() => T };

const FORM: TCareerSiteFormInput = {
  slug: 'valmont-recrute',
  show_logo: true,
  primary_color: '#1D4ED8',
  accent_color: '#b45309',
  cover_image_id: null,
  languages: ['fr', 'en'],
  introductions: { fr: 'Rejoignez-nous.', en: 'Join us.' },
  offer_fields: ['contract_type', 'location', 'salary'],
  privacy_notices: { fr: 'Vos données servent au recrutement.', en: 'Your data serves hiring.' },
  talent_community: true,
};

describe('career-site form (contracts/career-site.ts)', () => {
  const codes = (input: object) => {
    const r = ZCareerSiteForm.safeParse({ ...FORM, ...input });
    return r.success
      ? {}
      : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
  };
  it('answers the codes of each field', () => {
    expect(ZCareerSiteForm.parse({ ...FORM, slug: ' Valmont-Recrute ' })).toMatchObject({
      slug: 'valmont-recrute',
      primary_color: '#1d4ed8',
    });
    expect(codes({ slug: '' })).toEqual({ slug: 'field_required' });
    expect(codes({ slug: 'a' })).toEqual({ slug: 'min_length:2' });
    expect(codes({ slug: 'a'.repeat(61) })).toEqual({ slug: 'max_length:60' });
    for (const slug of ['-valmont', 'valmont-', 'val--mont', 'val mont', 'valmönt', 'a/b'])
      expect(codes({ slug })).toEqual({ slug: 'slug_format' });
    expect(codes({ primary_color: 'blue' })).toEqual({ primary_color: 'invalid_color' });
    expect(codes({ primary_color: '#fde047' })).toEqual({ primary_color: 'low_contrast' });
    expect(codes({ accent_color: '#cccccc' })).toEqual({ accent_color: 'low_contrast' });
    expect(codes({ languages: [] })).toEqual({ languages: 'field_required' });
    expect(codes({ languages: ['fr', 'it'] })).toEqual({ 'languages.1': 'invalid' });
    expect(codes({ offer_fields: ['salary', 'secret'] })).toEqual({ 'offer_fields.1': 'invalid' });
    expect(codes({ introductions: { fr: 'x'.repeat(2001) } })).toEqual({
      'introductions.fr': 'max_length:2000',
    });
    expect(codes({ languages: ['fr', 'de'] })).toEqual({ 'privacy_notices.de': 'field_required' });
  });
  it('measures contrast as WCAG does and proposes slugs', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#767676', '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(slugify('Groupe Valmont & Fils – Île-de-France')).toBe(
      'groupe-valmont-fils-ile-de-france',
    );
  });
});

/**
 * Issue 37 part 1 (contracts/career-site.ts): the career-site settings; the permission, the other
 * company, the slug (unique, the old one kept), the versioned privacy notices, the audit trail.
 */
describe.each(testDatabases())('career-site settings on $dialect', (testDb) => {
  let ctx: TestContext;
  let admin: Api;
  let recruiter: Api;
  let other: Api;
  let cookie: string;
  let valmontId: number;

  const ok = <T>(res: Res, status = 200) => {
    expect(res.statusCode, res.body).toBe(status);
    return res.json<T>();
  };
  const errors = (res: Res, status = 422) => {
    expect(res.statusCode, res.body).toBe(status);
    return res.json<{ errors: Record<string, string[]> }>().errors;
  };
  const uploadImage = async (who: string) => {
    const data = await sharp({
      create: { width: 64, height: 32, channels: 3, background: '#1d4ed8' },
    })
      .png()
      .toBuffer();
    const body = multipart({}, [{ field: 'file', filename: 'cover.png', data, type: 'image/png' }]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/offer-images',
      payload: body.payload,
      headers: { ...body.headers, cookie: who },
    });
    return ok<TOfferImage>(res, 201);
  };

  beforeAll(async () => {
    ctx = await startTestApp(testDb);
    cookie = await signIn(ctx.app, 'admin@demo.test');
    admin = apiAs(ctx.app, cookie);
    recruiter = apiAs(ctx.app, await signIn(ctx.app, 'recruiter@demo.test'));
    other = apiAs(ctx.app, await signIn(ctx.app, 'admin@other.test'));
    valmontId = (await admin.get('/api/me')).json<{ company_id: number }>().company_id;
  });
  afterAll(async () => ctx?.close());

  it('answers defaults before the first save, and 403 without config.settings_sc', async () => {
    const site = ok<TCareerSite>(await admin.get('/api/config/career-site'));
    expect(site).toMatchObject({
      slug: 'groupe-valmont',
      url: '/careers/groupe-valmont',
      previous_slugs: [],
      show_logo: true,
      primary_color: '#1d4ed8',
      cover_image: null,
      languages: ['fr'],
      introductions: { fr: '', en: '', es: '', de: '' },
      privacy_notices: { fr: null, en: null, es: null, de: null },
      talent_community: false,
      updated_at: null,
    });
    expect(site.offer_fields).toContain('contract_type');
    expect((await recruiter.get('/api/config/career-site')).statusCode).toBe(403);
    expect((await recruiter.put('/api/config/career-site', FORM)).statusCode).toBe(403);
    expect((await apiAs(ctx.app).get('/api/config/career-site')).statusCode).toBe(401);
  });

  it('saves every field; the slug moves /api/me’s link and the old slug stays the company’s', async () => {
    const cover = await uploadImage(cookie);
    const saved = ok<TCareerSite>(
      await admin.put('/api/config/career-site', { ...FORM, cover_image_id: cover.id }),
    );
    expect(saved).toMatchObject({
      slug: 'valmont-recrute',
      url: '/careers/valmont-recrute',
      previous_slugs: ['groupe-valmont'],
      primary_color: '#1d4ed8',
      cover_image_id: cover.id,
      cover_image: { id: cover.id, thumbnail_url: `/api/offer-images/${cover.id}/thumbnail` },
      languages: ['fr', 'en'],
      introductions: { fr: 'Rejoignez-nous.', en: 'Join us.', es: '', de: '' },
      offer_fields: ['contract_type', 'location', 'salary'],
      privacy_notices: {
        fr: { text: 'Vos données servent au recrutement.', version: 1 },
        en: { text: 'Your data serves hiring.', version: 1 },
        es: null,
        de: null,
      },
      talent_community: true,
    });
    expect(saved.updated_at).not.toBeNull();
    const me = (await admin.get('/api/me')).json<{
      company_slug: string;
      career_site_url: string;
    }>();
    expect(me).toMatchObject({
      company_slug: 'valmont-recrute',
      career_site_url: '/careers/valmont-recrute',
    });
    // The cover is in use: the bank keeps it.
    const kept = await admin.del(`/api/offer-images/${cover.id}`);
    expect(kept.statusCode).toBe(409);
    expect(kept.json()).toMatchObject({
      code: 'image_in_use',
      errors: { career_site: ['image_is_cover'] },
    });

    // The other company can take neither the current slug nor the old one.
    const mairie = ok<TCareerSite>(await other.get('/api/config/career-site'));
    expect(mairie.slug).toBe('mairie-saint-aubin');
    const mairieForm = { ...FORM, privacy_notices: { fr: 'Mairie.', en: 'Town hall.' } };
    for (const slug of ['valmont-recrute', 'groupe-valmont', ' GROUPE-valmont '])
      expect(errors(await other.put('/api/config/career-site', { ...mairieForm, slug }))).toEqual({
        slug: ['not_unique'],
      });
    // Valmont takes its old slug back: the one it leaves becomes old in turn.
    const back = ok<TCareerSite>(
      await admin.put('/api/config/career-site', { ...FORM, slug: 'groupe-valmont' }),
    );
    expect(back.previous_slugs).toEqual(['valmont-recrute']);
    expect(back.cover_image).toBeNull();
  });

  it('keeps every version of each privacy notice; an unchanged text makes none', async () => {
    const put = (privacy_notices: Record<string, string>) =>
      admin.put('/api/config/career-site', { ...FORM, slug: 'groupe-valmont', privacy_notices });
    ok(await put({ fr: 'Vos données servent au recrutement.', en: 'Your data serves hiring.' }));
    const second = ok<TCareerSite>(
      await put({
        fr: 'Vos données servent au recrutement, 2 ans.',
        en: 'Your data serves hiring.',
      }),
    );
    expect(second.privacy_notices.fr).toMatchObject({ version: 2 });
    expect(second.privacy_notices.en).toMatchObject({ version: 1 });
    const rows = await ctx.database.db
      .selectFrom('career_site_privacy_notices')
      .select(['language', 'version', 'text'])
      .where('company_id', '=', valmontId)
      .orderBy('language')
      .orderBy('version')
      .execute();
    expect(rows).toEqual([
      { language: 'en', version: 1, text: 'Your data serves hiring.' },
      { language: 'fr', version: 1, text: 'Vos données servent au recrutement.' },
      { language: 'fr', version: 2, text: 'Vos données servent au recrutement, 2 ans.' },
    ]);
  });

  it('refuses another company’s image, a low contrast and a missing notice', async () => {
    const otherCookie = await signIn(ctx.app, 'admin@other.test');
    const theirs = await uploadImage(otherCookie);
    expect(
      errors(await admin.put('/api/config/career-site', { ...FORM, cover_image_id: theirs.id })),
    ).toEqual({ cover_image_id: ['invalid'] });
    expect(
      errors(
        await admin.put('/api/config/career-site', {
          ...FORM,
          primary_color: '#ffff00',
          languages: ['fr', 'es'],
        }),
      ),
    ).toEqual({ primary_color: ['low_contrast'], 'privacy_notices.es': ['field_required'] });
    expect(
      errors(await admin.put('/api/config/career-site', { ...FORM, languages: ['es'] })),
    ).toEqual({ 'privacy_notices.es': ['field_required'] });
  });

  it('isolates companies: the Mairie’s save changes nothing of Valmont', async () => {
    const before = ok<TCareerSite>(await admin.get('/api/config/career-site'));
    const mairie = ok<TCareerSite>(
      await other.put('/api/config/career-site', {
        ...FORM,
        slug: 'mairie-saint-aubin',
        primary_color: '#7c2d12',
        privacy_notices: { fr: 'Mairie.', en: 'Town hall.' },
        introductions: { fr: 'La mairie recrute.' },
      }),
    );
    expect(mairie).toMatchObject({
      slug: 'mairie-saint-aubin',
      previous_slugs: [],
      primary_color: '#7c2d12',
      privacy_notices: { fr: { text: 'Mairie.', version: 1 } },
    });
    expect(ok<TCareerSite>(await admin.get('/api/config/career-site'))).toEqual(before);
  });

  it('audits each change with its fields and the new notice versions', async () => {
    const trail = await ctx.database.db
      .selectFrom('audit_log')
      .select(['action', 'details', 'target_type', 'target_id'])
      .where('company_id', '=', valmontId)
      .where('action', '=', 'career_site.updated')
      .orderBy('id')
      .execute();
    expect(trail.length).toBeGreaterThanOrEqual(3);
    const first = JSON.parse(trail[0]!.details!) as Record<string, unknown>;
    expect(trail[0]).toMatchObject({ target_type: 'company', target_id: valmontId });
    expect(first).toMatchObject({
      previous_slug: 'groupe-valmont',
      slug: 'valmont-recrute',
      privacy_notice_versions: { fr: 1, en: 1 },
    });
    expect(first.fields).toEqual(
      expect.arrayContaining(['slug', 'cover_image_id', 'languages', 'talent_community']),
    );
    const notice = trail
      .map((t) => JSON.parse(t.details!) as Record<string, unknown>)
      .find((d) => JSON.stringify(d.privacy_notice_versions) === '{"fr":2}');
    expect(notice).toBeDefined();
  });
});
