import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OFFER_IMAGE_MAX_BYTES,
  ZOfferTemplateForm,
  type TApplicationPath,
  type TOfferImage,
  type TOfferImagePage,
  type TOfferTemplate,
  type TOfferTemplateChoices,
  type TOfferTemplatePage,
} from '@embauche/contracts/offer-settings';
import type { TOfferDetail } from '@embauche/contracts/offers';
import { apiAs, projectId, type Api } from './support/api.ts';
import { multipart } from './support/multipart.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

type Res = { statusCode: number; body: string; json: <T>() => T };

describe('offer template form (contracts/offer-settings.ts)', () => {
  const codes = (input: object) => {
    const r = ZOfferTemplateForm.safeParse(input);
    return r.success
      ? {}
      : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
  };
  it('answers the codes of each field', () => {
    expect(ZOfferTemplateForm.parse({ name: '  CDI soudeur ' })).toMatchObject({
      name: 'CDI soudeur',
      remote: 'none',
      job_position: null,
      salary_min: null,
    });
    expect(codes({})).toEqual({ name: 'field_required' });
    expect(codes({ name: 'x'.repeat(256) })).toEqual({ name: 'max_length:255' });
    expect(codes({ name: 'a', contract_type: 'forever' })).toEqual({ contract_type: 'invalid' });
    expect(codes({ name: 'a', salary_min: 50_000, salary_max: 40_000 })).toEqual({
      salary_max: 'invalid',
    });
    expect(codes({ name: 'a', location: 'x'.repeat(256) })).toEqual({ location: 'max_length:255' });
  });
});

/**
 * Issue 17 item 5 (contracts/offer-settings.ts): offer templates, the image bank and the default
 * application path; permissions, the other company, and their effect on offers.
 */
describe.each(testDatabases())('offer settings on $dialect', (testDb) => {
  let ctx: TestContext;
  let admin: Api;
  let recruiter: Api;
  let manager: Api;
  let other: Api;
  let cookie: string;
  let otherCookie: string;
  let recruiterCookie: string;

  const ok = <T>(res: Res, status = 200) => {
    expect(res.statusCode, res.body).toBe(status);
    return res.json<T>();
  };
  const errors = (res: Res, status = 422) => {
    expect(res.statusCode, res.body).toBe(status);
    return res.json<{ errors: Record<string, string[]> }>().errors;
  };
  const upload = (who: string, data: Buffer, filename = 'photo.png') => {
    const body = multipart({}, [{ field: 'file', filename, data, type: 'image/png' }]);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/offer-images',
      payload: body.payload,
      headers: { ...body.headers, cookie: who },
    });
  };
  const png = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#16a34a' } })
      .png()
      .toBuffer();

  beforeAll(async () => {
    ctx = await startTestApp(testDb);
    cookie = await signIn(ctx.app, 'admin@demo.test');
    admin = apiAs(ctx.app, cookie);
    recruiterCookie = await signIn(ctx.app, 'recruiter@demo.test');
    recruiter = apiAs(ctx.app, recruiterCookie);
    manager = apiAs(ctx.app, await signIn(ctx.app, 'manager@demo.test'));
    otherCookie = await signIn(ctx.app, 'admin@other.test');
    other = apiAs(ctx.app, otherCookie);
  });
  afterAll(async () => ctx?.close());

  describe('templates', () => {
    it('creates, lists, searches, edits and deletes; names unique ignoring case', async () => {
      const created = ok<TOfferTemplate>(
        await admin.post('/api/offer-templates', {
          name: 'Soudeur CDI',
          job_position: 'Soudeur TIG',
          contract_type: 'cdi',
          location: 'Lyon',
          department: 'Production',
          remote: 'partial',
          salary_min: 30000,
          salary_max: 36000,
          description: '<p>Atelier <strong>neuf</strong></p><script>alert(1)</script>',
        }),
        201,
      );
      expect(created).toMatchObject({
        name: 'Soudeur CDI',
        job_position: 'Soudeur TIG',
        contract_type: 'cdi',
        remote: 'partial',
        salary_min: 30000,
        description: '<p>Atelier <strong>neuf</strong></p>',
      });
      ok(await admin.post('/api/offer-templates', { name: 'Comptable' }), 201);
      expect(errors(await admin.post('/api/offer-templates', { name: ' soudeur cdi ' }))).toEqual({
        name: ['not_unique'],
      });
      expect(errors(await admin.post('/api/offer-templates', { name: '' }))).toEqual({
        name: ['field_required'],
      });
      expect(
        errors(await admin.post('/api/offer-templates', { name: 'x'.repeat(256) })),
      ).toMatchObject({ name: ['max_length:255'] });
      expect(
        errors(
          await admin.post('/api/offer-templates', {
            name: 'Bornes',
            salary_min: 5,
            salary_max: 1,
          }),
        ),
      ).toEqual({ salary_max: ['invalid'] });
      expect(
        errors(await admin.post('/api/offer-templates', { name: 'Lune', remote: 'moon' })),
      ).toEqual({ remote: ['invalid'] });

      const page = ok<TOfferTemplatePage>(await admin.get('/api/offer-templates?per_page=1'));
      expect(page).toMatchObject({ total: 2, last_page: 2, per_page: 1 });
      expect(page.data[0]!.name).toBe('Comptable');
      const found = ok<TOfferTemplatePage>(
        await admin.get('/api/offer-templates?filter%5Bsearch%5D=soud'),
      );
      expect(found.data.map((t) => t.name)).toEqual(['Soudeur CDI']);

      const edited = ok<TOfferTemplate>(
        await admin.put(`/api/offer-templates/${created.id}`, {
          name: 'Soudeur CDI',
          job_position: 'Soudeur MIG',
        }),
      );
      expect(edited).toMatchObject({ job_position: 'Soudeur MIG', location: null, remote: 'none' });
      expect(
        errors(await admin.put(`/api/offer-templates/${created.id}`, { name: 'COMPTABLE' })),
      ).toEqual({ name: ['not_unique'] });

      expect((await admin.del(`/api/offer-templates/${created.id}`)).statusCode).toBe(204);
      expect((await admin.get(`/api/offer-templates/${created.id}`)).statusCode).toBe(404);
    });

    it('refuses without the permission and hides them from the other company', async () => {
      const t = ok<TOfferTemplate>(
        await admin.post('/api/offer-templates', { name: 'Privé Valmont' }),
        201,
      );
      expect((await recruiter.get('/api/offer-templates')).statusCode).toBe(403);
      expect((await recruiter.post('/api/offer-templates', { name: 'X' })).statusCode).toBe(403);
      expect((await recruiter.del(`/api/offer-templates/${t.id}`)).statusCode).toBe(403);
      for (const res of [
        await other.get(`/api/offer-templates/${t.id}`),
        await other.put(`/api/offer-templates/${t.id}`, { name: 'Volé' }),
        await other.del(`/api/offer-templates/${t.id}`),
      ])
        expect(res.statusCode).toBe(404);
      const theirs = ok<TOfferTemplatePage>(await other.get('/api/offer-templates'));
      expect(theirs.data.map((x) => x.name)).not.toContain('Privé Valmont');
      // The same name is free in another company.
      ok(await other.post('/api/offer-templates', { name: 'Privé Valmont' }), 201);
    });

    it('pre-fills a new offer: the picker lists them for whoever may create offers', async () => {
      ok(
        await admin.post('/api/offer-templates', {
          name: 'Magasinier',
          job_position: 'Magasinier cariste',
          contract_type: 'cdd',
          location: 'Villeurbanne',
          salary_min: 24000,
        }),
        201,
      );
      expect((await manager.get('/api/offer-templates/choices')).statusCode).toBe(403);
      const choices = ok<TOfferTemplateChoices>(
        await recruiter.get('/api/offer-templates/choices?filter%5Bsearch%5D=magas'),
      );
      const template = choices.data.find((t) => t.name === 'Magasinier')!;
      expect(template).toBeDefined();
      // What the dialog does: the template's fields become the new offer's.
      const project = await projectId(admin, 'Ressources humaines');
      const { name: _name, id: _id, created_at: _c, updated_at: _u, ...fields } = template;
      const offer = ok<TOfferDetail>(
        await admin.post(`/api/projects/${project}/offers`, {
          ...fields,
          job_position: fields.job_position!,
        }),
        201,
      );
      expect(offer).toMatchObject({
        job_position: 'Magasinier cariste',
        contract_type: 'cdd',
        location: 'Villeurbanne',
        salary_min: 24000,
        status: 'draft',
      });
    });
  });

  describe('image bank', () => {
    it('uploads a PNG, makes its thumbnail and serves both to the company only', async () => {
      const image = ok<TOfferImage>(await upload(cookie, await png(1200, 600), 'atelier.png'), 201);
      expect(image).toMatchObject({
        filename: 'atelier.png',
        mime: 'image/png',
        width: 1200,
        height: 600,
        thumb_width: 320,
        thumb_height: 160,
        offer_count: 0,
      });
      const thumb = await admin.get(image.thumbnail_url);
      expect(thumb.statusCode).toBe(200);
      expect(thumb.headers['content-type']).toBe('image/webp');
      const meta = await sharp(thumb.rawPayload).metadata();
      expect([meta.width, meta.height, meta.format]).toEqual([320, 160, 'webp']);
      const file = await recruiter.get(image.url);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect((await other.get(image.url)).statusCode).toBe(404);
      expect((await other.get(image.thumbnail_url)).statusCode).toBe(404);
      expect((await other.del(`/api/offer-images/${image.id}`)).statusCode).toBe(404);
      const list = ok<TOfferImagePage>(await admin.get('/api/offer-images'));
      expect(list.data[0]!.id).toBe(image.id);
      expect(ok<TOfferImagePage>(await other.get('/api/offer-images')).data).toEqual([]);
      // A small image keeps its size as thumbnail.
      const small = ok<TOfferImage>(await upload(cookie, await png(40, 30)), 201);
      expect([small.thumb_width, small.thumb_height]).toEqual([40, 30]);
    });

    it('refuses a fake PNG, other types, an oversized file and a pixel bomb', async () => {
      expect(errors(await upload(cookie, Buffer.from('not an image at all'), 'fake.png'))).toEqual({
        file: ['file_type'],
      });
      const pdf = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n');
      expect(errors(await upload(cookie, pdf, 'cv.png'))).toEqual({ file: ['file_type'] });
      // PNG signature, then garbage: sniffed as PNG, refused when decoded.
      const broken = Buffer.concat([
        Buffer.from('89504e470d0a1a0a', 'hex'),
        Buffer.from('garbage'.repeat(20)),
      ]);
      expect(errors(await upload(cookie, broken))).toEqual({ file: ['file_unreadable'] });
      const big = Buffer.concat([await png(10, 10), Buffer.alloc(OFFER_IMAGE_MAX_BYTES)]);
      expect(errors(await upload(cookie, big), 413)).toEqual({ file: ['file_too_large:5'] });
      // 10,000 × 5,000 = 50 MP: refused from its header, never decoded.
      const bomb = await sharp({
        create: { width: 10_000, height: 5_000, channels: 3, background: '#000' },
      })
        .png({ compressionLevel: 9 })
        .toBuffer();
      expect(bomb.length).toBeLessThan(OFFER_IMAGE_MAX_BYTES);
      expect(errors(await upload(cookie, bomb))).toEqual({ file: ['too_many_pixels:40'] });
      expect(errors(await admin.post('/api/offer-images', {}))).toEqual({
        file: ['field_required'],
      });
      expect((await upload(recruiterCookie, await png(4, 4))).statusCode).toBe(403);
      expect((await recruiter.get('/api/offer-images')).statusCode).toBe(403);
    });

    it('an offer picks an image; deleting it is refused while offers show it', async () => {
      const image = ok<TOfferImage>(await upload(cookie, await png(64, 64)), 201);
      const theirs = ok<TOfferImage>(await upload(otherCookie, await png(8, 8)), 201);
      const project = await projectId(admin, 'Ressources humaines');
      expect(
        errors(
          await admin.post(`/api/projects/${project}/offers`, {
            job_position: 'Chaudronnier',
            image_id: theirs.id,
          }),
        ),
      ).toEqual({ image_id: ['invalid'] });
      const offer = ok<TOfferDetail>(
        await admin.post(`/api/projects/${project}/offers`, {
          job_position: 'Chaudronnier',
          image_id: image.id,
        }),
        201,
      );
      expect(offer.image_id).toBe(image.id);
      // The offer's page shows its thumbnail: the read API carries it, served to the company only.
      const read = ok<TOfferDetail>(await recruiter.get(`/api/projects/all/offers/${offer.id}`));
      expect(read.image).toEqual({
        id: image.id,
        thumbnail_url: image.thumbnail_url,
        thumb_width: image.thumb_width,
        thumb_height: image.thumb_height,
      });
      expect((await recruiter.get(read.image!.thumbnail_url)).statusCode).toBe(200);
      expect((await other.get(read.image!.thumbnail_url)).statusCode).toBe(404);
      const choices = ok<TOfferImagePage>(await recruiter.get('/api/offer-images/choices'));
      expect(choices.data.find((i) => i.id === image.id)?.offer_count).toBe(1);

      const refused = await admin.del(`/api/offer-images/${image.id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'image_in_use',
        errors: { offers: ['image_in_use:1'] },
      });
      expect(
        ok<TOfferDetail>(
          await admin.put(`/api/projects/${project}/offers/${offer.id}`, { image_id: null }),
        ).image,
      ).toBeNull();
      expect((await admin.del(`/api/offer-images/${image.id}`)).statusCode).toBe(204);
      expect((await admin.get(image.url)).statusCode).toBe(404);
    });
  });

  describe('application path', () => {
    it('reads the defaults, saves fields and documents, checks them', async () => {
      const initial = ok<TApplicationPath>(await admin.get('/api/application-path'));
      expect(initial.fields).toMatchObject({ cv: 'required', phone: 'optional' });
      expect(initial.document_type_ids).toEqual([]);
      expect(initial.updated_at).toBeNull();
      expect(initial.document_types.length).toBeGreaterThan(0);
      const fields = {
        phone: 'required',
        address: 'optional',
        birth_date: 'hidden',
        cover_letter: 'required',
        linkedin_url: 'hidden',
        cv: 'required',
      };
      const saved = ok<TApplicationPath>(
        await admin.put('/api/application-path', { fields, document_type_ids: [3, 1, 3] }),
      );
      expect(saved.fields).toEqual(fields);
      expect(saved.document_type_ids).toEqual([1, 3]);
      expect(
        ok<TApplicationPath>(await recruiter.get('/api/application-path/form')).fields,
      ).toEqual(fields);
      expect(
        errors(
          await admin.put('/api/application-path', {
            fields: { ...fields, phone: 'sometimes' },
            document_type_ids: [],
          }),
        ),
      ).toEqual({ 'fields.phone': ['invalid'] });
      expect(
        errors(await admin.put('/api/application-path', { fields, document_type_ids: [99999] })),
      ).toEqual({ document_type_ids: ['invalid'] });
      expect((await recruiter.get('/api/application-path')).statusCode).toBe(403);
      expect((await recruiter.put('/api/application-path', { fields })).statusCode).toBe(403);
      // The other company keeps its own (the defaults).
      const theirs = ok<TApplicationPath>(await other.get('/api/application-path'));
      expect(theirs.document_type_ids).toEqual([]);
      expect(theirs.fields.phone).toBe('optional');
    });
  });
});
