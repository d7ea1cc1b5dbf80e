import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, type Api } from './support/api.ts';
import { multipart, pdfWith } from './support/multipart.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

type Offer = { id: number; project_id: number };

describe.each(testDatabases())('applicants on $dialect', (testDb) => {
  let ctx: TestContext;
  let admin: Api;
  let adminCookie: string;
  let other: Api;
  let offer: Offer;
  let theirApplicant: number;
  let created: {
    applicant: { id: number; email: string; cv: { url: string; mime: string } };
    application: { id: number };
  };

  const send = (url: string, body: ReturnType<typeof multipart>, cookie = adminCookie) =>
    ctx.app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { ...body.headers, cookie },
    });

  beforeAll(async () => {
    ctx = await startTestApp(testDb, { UPLOAD_MAX_MB: '1' });
    adminCookie = await signIn(ctx.app, 'admin@demo.test');
    admin = apiAs(ctx.app, adminCookie);
    other = apiAs(ctx.app, await signIn(ctx.app, 'admin@other.test'));
    offer = (await admin.get('/api/projects/all/offers?filter[status]=published')).json().data[0];
    const theirOffer = (await other.get('/api/projects/all/offers?filter[status]=published')).json()
      .data[0] as Offer;
    theirApplicant = (
      await other.get(`/api/projects/${theirOffer.project_id}/offers/${theirOffer.id}/applications`)
    ).json()[0].applicant_id;
  });
  afterAll(() => ctx.close());

  it('adds an applicant manually on an offer with a PDF CV, tags and JSON-text objects', async () => {
    const cv = await pdfWith([
      'Ophélie Tournesol',
      '2016 - 2024 Cheffe de quai chez Transports Girard',
      'Compétences: orthodontie logistique',
    ]);
    const res = await send(
      `/api/projects/${offer.project_id}/offers/${offer.id}/manual`,
      multipart(
        {
          firstname: 'Ophélie',
          lastname: 'Tournesol',
          email: 'Ophelie.Tournesol@Exemple.fr',
          phone: '06 11 22 33 44',
          tags: ['nocturne', 'CACES'],
          source: JSON.stringify({ provenance_id: 3, jobboard_id: 2 }),
          visio: JSON.stringify({
            url: 'https://visio.test/x',
            scheduled_at: '2030-01-02T10:00:00Z',
            notes: 'Salle B',
          }),
          motivation: 'Très motivée',
        },
        [{ field: 'cv', filename: 'mon cv.pdf', data: cv, type: 'application/pdf' }],
      ),
    );
    expect(res.statusCode).toBe(201);
    created = res.json();
    expect(res.json()).toMatchObject({
      existing_applicant: false,
      applicant: {
        email: 'ophelie.tournesol@exemple.fr',
        tags: ['CACES', 'nocturne'],
        source: { provenance_id: 3, jobboard_id: 2, jobboard: 'LinkedIn' },
        cv: { filename: 'mon cv.pdf', mime: 'application/pdf', text_extracted: false },
      },
      application: { offer_id: offer.id, statutApplicant: 1, idjobboard_provenance: 2 },
    });
    const file = await admin.get(created.applicant.cv.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^inline; filename="mon cv.pdf"/);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await admin.get(`/api/applicants/${created.applicant.id}/visio`)).json()).toEqual({
      url: 'https://visio.test/x',
      scheduled_at: '2030-01-02T10:00:00.000Z',
      notes: 'Salle B',
    });
  });

  it('refuses to add a known applicant twice to the same offer, keeping nothing', async () => {
    const before = (await admin.get(`/api/applicants/${created.applicant.id}`)).json();
    const res = await send(
      `/api/projects/${offer.project_id}/offers/${offer.id}/manual`,
      multipart({
        firstname: 'O.',
        lastname: 'T.',
        email: 'ophelie.tournesol@exemple.fr',
        tags: ['doublon'],
      }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ email: ['already_applied'] });
    expect((await admin.get(`/api/applicants/${created.applicant.id}`)).json()).toEqual(before);
    const list = (
      await admin.get(`/api/projects/${offer.project_id}/offers/${offer.id}/applications`)
    ).json() as { applicant_id: number }[];
    expect(list.filter((a) => a.applicant_id === created.applicant.id)).toHaveLength(1);
  });

  it('joins the existing applicant when the e-mail is known in the company; spontaneous without offer', async () => {
    const res = await send(
      '/api/applicants/manual',
      multipart({
        firstname: 'O.',
        lastname: 'T.',
        email: 'ophelie.tournesol@exemple.fr',
        tags: ['vivier'],
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      existing_applicant: true,
      applicant: {
        id: created.applicant.id,
        firstname: 'Ophélie',
        tags: ['CACES', 'nocturne', 'vivier'],
      },
      application: { offer_id: null, spontaneous: true },
    });
    // The same e-mail in another company is another person.
    const theirs = await send(
      '/api/applicants/manual',
      multipart({
        firstname: 'Ophélie',
        lastname: 'Tournesol',
        email: 'ophelie.tournesol@exemple.fr',
      }),
      await signIn(ctx.app, 'admin@other.test'),
    );
    expect(theirs.json().existing_applicant).toBe(false);
    // The manager may read applicants but not add them.
    const managerCookie = await signIn(ctx.app, 'manager@demo.test');
    expect(
      (
        await send(
          '/api/applicants/manual',
          multipart({ firstname: 'A', lastname: 'B' }),
          managerCookie,
        )
      ).statusCode,
    ).toBe(403);
    // Two requests with the same new e-mail at once make one applicant.
    const racers = await Promise.all(
      [1, 2].map(() =>
        send(
          '/api/applicants/manual',
          multipart({ firstname: 'R', lastname: 'C', email: 'race@exemple.fr' }),
        ),
      ),
    );
    expect(racers.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(new Set(racers.map((r) => r.json().applicant.id)).size).toBe(1);
    const overview = (
      await admin.get(`/api/applicants/${created.applicant.id}/applications-overview`)
    ).json();
    expect(overview).toHaveLength(2);
    const excluded = (
      await admin.get(
        `/api/applicants/${created.applicant.id}/applications-overview?exclude=${created.application.id}`,
      )
    ).json();
    expect(excluded).toHaveLength(1);
    expect(excluded[0].spontaneous).toBe(true);
  });

  it('refuses a CV over the limit (413), of another type (422) and missing fields (422)', async () => {
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(1_100_000, 0x20)]);
    const tooBig = await send(
      '/api/applicants/manual',
      multipart({ firstname: 'A', lastname: 'B' }, [
        { field: 'cv', filename: 'cv.pdf', data: big },
      ]),
    );
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().errors).toEqual({ cv: ['file_too_large:1'] });
    const exe = Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]);
    const wrong = await send(
      '/api/applicants/manual',
      multipart({ firstname: 'A', lastname: 'B' }, [
        { field: 'cv', filename: 'cv.pdf', data: exe },
      ]),
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ cv: ['file_type'] });
    const zip = Buffer.from('PK\u0003\u0004 not an office document', 'latin1');
    expect(
      (
        await send(
          '/api/applicants/manual',
          multipart({ firstname: 'A', lastname: 'B' }, [
            { field: 'cv', filename: 'x.docx', data: zip },
          ]),
        )
      ).statusCode,
    ).toBe(422);
    const txt = await send(
      '/api/applicants/manual',
      multipart({ firstname: 'Txt', lastname: 'Cv', email: 'txt@exemple.fr' }, [
        {
          field: 'cv',
          filename: 'cv.txt',
          data: Buffer.from('Développeuse TypeScript\nzygomorphe'),
        },
      ]),
    );
    expect(txt.statusCode).toBe(201);
    expect(txt.json().applicant.cv.mime).toBe('text/plain');
    const missing = await send(
      '/api/applicants/manual',
      multipart({ email: 'not-an-email', source: '{bad json' }),
    );
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ source: ['invalid'] });
    const missing2 = await send(
      '/api/applicants/manual',
      multipart({ lastname: 'x'.repeat(101), email: 'nope' }),
    );
    expect(missing2.json().errors).toEqual({
      firstname: ['field_required'],
      lastname: ['max_length:100'],
      email: ['invalid_email'],
    });
    const theirOffer = (await other.get('/api/projects/all/offers')).json().data[0] as Offer;
    expect(
      (
        await send(
          `/api/projects/${theirOffer.project_id}/offers/${theirOffer.id}/manual`,
          multipart({ firstname: 'A', lastname: 'B' }),
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await send(
          '/api/applicants/manual',
          multipart({ firstname: 'A', lastname: 'B', job_offer_id: String(theirOffer.id) }),
        )
      ).statusCode,
    ).toBe(422);
  });

  it('extracts the CV text in the background and finds applicants by name, e-mail, tag and CV words', async () => {
    const search = async (q: string) => {
      const res = await admin.get(`/api/applicants?search=${encodeURIComponent(q)}`);
      expect(res.statusCode).toBe(200);
      return (res.json().data as { id: number }[]).map((a) => a.id);
    };
    expect(await search('orthodontie')).toEqual([]);
    expect(await ctx.app.worker.drain()).toBeGreaterThan(0);
    expect(
      (await admin.get(`/api/applicants/${created.applicant.id}`)).json().cv.text_extracted,
    ).toBe(true);
    expect(await search('orthodontie')).toEqual([created.applicant.id]);
    expect(await search('ophelie tourne')).toEqual([created.applicant.id]);
    expect(await search('ophelie.tournesol@exemple.fr')).toEqual([created.applicant.id]);
    expect(await search('nocturne')).toEqual([created.applicant.id]);
    expect((await search('zygomorphe')).length).toBe(1);
    // Another company's applicant with the same name is not found here.
    expect((await other.get('/api/applicants?search=orthodontie')).json().total).toBe(0);
    const page = (await admin.get('/api/applicants?per_page=5')).json();
    expect(page.per_page).toBe(5);
    expect(page.total).toBeGreaterThan(50);
  });

  it('updates an applicant through POST ?_method=PUT, tags and source', async () => {
    const id = created.applicant.id;
    const res = await send(
      `/api/applicants/manual/${id}?_method=PUT`,
      multipart({
        firstname: 'Ophélie',
        lastname: 'Tournesol-Martin',
        email: 'ophelie.tournesol@exemple.fr',
        tags: ['senior'],
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().applicant).toMatchObject({ lastname: 'Tournesol-Martin', tags: ['senior'] });
    expect(
      (
        await send(
          `/api/applicants/manual/${id}?_method=PUT`,
          multipart({ firstname: 'A', lastname: 'B', email: 'txt@exemple.fr' }),
        )
      ).json().errors,
    ).toEqual({ email: ['not_unique'] });
    const tags = await admin.put(`/api/applicants/${id}/tags`, { tags: ['a', 'b', 'a'] });
    expect(tags.json().tags).toEqual(['a', 'b']);
    expect(
      (await admin.put(`/api/applicants/${id}/tags`, { tags: ['x'.repeat(51)] })).json().errors,
    ).toEqual({ 'tags.0': ['max_length:50'] });
    expect(
      (await admin.put(`/api/applicants/${theirApplicant}/tags`, { tags: ['a'] })).statusCode,
    ).toBe(404);
    const source = await admin.put('/api/applicants/source', {
      applicant_id: id,
      jobboard_provenance: 4,
      apply_all: true,
    });
    expect(source.statusCode).toBe(200);
    expect(source.json().source).toMatchObject({ jobboard_id: 4, jobboard: 'France Travail' });
    const overview = (await admin.get(`/api/applicants/${id}/applications-overview`)).json();
    expect(overview.every((a: { jobboard: string }) => a.jobboard === 'France Travail')).toBe(true);
    const one = await admin.put('/api/applicants/source', {
      applicant_id: id,
      application_id: created.application.id,
      jobboard_provenance: 1,
    });
    expect(one.statusCode).toBe(200);
    expect((await admin.get(`/api/applications/${created.application.id}`)).json().jobboard).toBe(
      'Indeed',
    );
    expect(
      (
        await admin.put('/api/applicants/source', {
          applicant_id: id,
          jobboard_provenance: 999,
          apply_all: true,
        })
      ).statusCode,
    ).toBe(422);
  });

  it("suggests the company's tags by prefix, most used first, and reuses a known tag's case", async () => {
    const all = await admin.get('/api/applicants/tags');
    expect(all.statusCode).toBe(200);
    expect(all.json().length).toBeGreaterThan(0);
    expect(all.json().length).toBeLessThanOrEqual(20);
    const ca = (await admin.get('/api/applicants/tags?search=Ca')).json() as string[];
    expect(ca).toContain('CACES');
    expect(ca.every((tag) => tag.toLowerCase().startsWith('ca'))).toBe(true);

    await other.put(`/api/applicants/${theirApplicant}/tags`, { tags: ['confidentiel-autre'] });
    expect((await admin.get('/api/applicants/tags?search=confidentiel')).json()).toEqual([]);
    expect((await other.get('/api/applicants/tags?search=confidentiel')).json()).toEqual([
      'confidentiel-autre',
    ]);

    const id = created.applicant.id;
    const tagged = await admin.put(`/api/applicants/${id}/tags`, { tags: ['caces', 'Tag neuf'] });
    expect(tagged.json().tags).toEqual(['CACES', 'Tag neuf']);
    expect((await admin.get('/api/applicants/tags?search=caces')).json()).toEqual(['CACES']);
    expect((await admin.get('/api/applicants/tags?search=tag%20n')).json()).toEqual(['Tag neuf']);
    expect((await admin.get('/api/applicants/tags?search=%25')).json()).toEqual([]);
    expect((await admin.get('/api/applicants/tags?search=_')).json()).toEqual([]);
    const long = await admin.get(`/api/applicants/tags?search=${'x'.repeat(51)}`);
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toEqual({ search: ['max_length:50'] });
  });

  it('answers the applicant, detail, full profile, motivation, documents; 404 for another company', async () => {
    const id = created.applicant.id;
    const detail = (await admin.get(`/api/applicants/${id}/detail`)).json();
    expect(detail).toMatchObject({
      id,
      motivation: 'Très motivée',
      applications_count: 2,
      documents: [],
    });
    expect((await admin.get(`/api/applicants/${id}/full-profile`)).json().id).toBe(id);
    expect((await admin.get(`/api/applicants/${id}/motivation`)).json()).toEqual({
      motivation: 'Très motivée',
    });
    for (const path of [
      '',
      '/detail',
      '/cv',
      '/visio',
      '/documents',
      '/full-profile',
      '/applications-overview',
      '/motivation',
      '/ask-documents',
    ]) {
      expect((await admin.get(`/api/applicants/${theirApplicant}${path}`)).statusCode).toBe(404);
    }
    expect((await apiAs(ctx.app).get(`/api/applicants/${id}`)).statusCode).toBe(401);
  });

  it('asks for documents by e-mail; the applicant uploads them once through the public link', async () => {
    const id = created.applicant.id;
    const list = (await admin.get(`/api/applicants/${id}/ask-documents`)).json();
    expect(list.length).toBeGreaterThanOrEqual(6);
    expect(list.every((d: { sended: boolean }) => !d.sended)).toBe(true);
    const ask = await admin.post(`/api/applicants/${id}/ask-documents`, {
      applicant_id: id,
      document_ids: [1, 3],
    });
    expect(ask.statusCode).toBe(200);
    expect(
      ask
        .json()
        .filter((d: { sended: boolean }) => d.sended)
        .map((d: { id: number }) => d.id),
    ).toEqual([1, 3]);
    expect(
      (
        await admin.post(`/api/applicants/${id}/ask-documents`, {
          applicant_id: id,
          document_ids: [999],
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (
        await admin.post(`/api/applicants/${theirApplicant}/ask-documents`, {
          applicant_id: theirApplicant,
          document_ids: [1],
        })
      ).statusCode,
    ).toBe(404);

    await ctx.app.worker.drain();
    const mail = await ctx.database.db
      .selectFrom('mail_outbox')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.to).toBe('ophelie.tournesol@exemple.fr');
    expect(mail.sent_at).not.toBeNull();
    const token = /documents-upload\/([\w-]+)/.exec(mail.text)![1]!;
    const outbox = (await admin.get('/api/dev/mail-outbox')).json();
    expect(outbox[0]).toMatchObject({ id: mail.id, transport: 'outbox' });
    expect((await other.get('/api/dev/mail-outbox')).json()).toEqual([]);
    const publicApi = apiAs(ctx.app);
    const info = await publicApi.get(`/api/documents-upload/${token}`);
    expect(info.statusCode).toBe(200);
    expect(info.headers['referrer-policy']).toBe('no-referrer');
    expect(info.json()).toMatchObject({ company: 'Groupe Valmont', firstname: 'Ophélie' });
    expect(
      info.json().documents.map((d: { id: number; uploaded: boolean }) => [d.id, d.uploaded]),
    ).toEqual([
      [1, false],
      [3, false],
    ]);
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const up = await ctx.app.inject({
      method: 'POST',
      url: `/api/documents-upload/${token}`,
      ...withHeaders(multipart({}, [{ field: 'document_1', filename: 'cni.png', data: png }])),
    });
    expect(up.statusCode).toBe(200);
    expect(up.json().documents[0].uploaded).toBe(true);
    const twice = await ctx.app.inject({
      method: 'POST',
      url: `/api/documents-upload/${token}`,
      ...withHeaders(multipart({}, [{ field: 'document_1', filename: 'cni.png', data: png }])),
    });
    expect(twice.statusCode).toBe(409);
    const notAsked = await ctx.app.inject({
      method: 'POST',
      url: `/api/documents-upload/${token}`,
      ...withHeaders(multipart({}, [{ field: 'document_2', filename: 'x.png', data: png }])),
    });
    expect(notAsked.statusCode).toBe(422);
    const badType = await ctx.app.inject({
      method: 'POST',
      url: `/api/documents-upload/${token}`,
      ...withHeaders(
        multipart({}, [
          { field: 'document_3', filename: 'x.exe', data: Buffer.from([0x4d, 0x5a, 0, 0, 1]) },
        ]),
      ),
    });
    expect(badType.statusCode).toBe(422);
    expect((await publicApi.get(`/api/documents-upload/${'x'.repeat(43)}`)).statusCode).toBe(404);

    const docs = (await admin.get(`/api/applicants/${id}/documents`)).json();
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({
      document_type_id: 1,
      document_type: 'identity_card',
      mime: 'image/png',
    });
    const file = await admin.get(docs[0].url);
    expect(file.headers['content-type']).toBe('image/png');
    const after = (await admin.get(`/api/applicants/${id}/ask-documents`)).json();
    expect(after.find((d: { id: number }) => d.id === 1)).toMatchObject({
      sended: true,
      received: true,
    });
  });

  it('bundles CVs as a ZIP or one merged PDF', async () => {
    const apps = (
      await admin.get(`/api/projects/${offer.project_id}/offers/${offer.id}/applications`)
    ).json() as { applicant_id: number }[];
    const txt = (await admin.get('/api/applicants?search=zygomorphe')).json().data[0].id as number;
    const ids = [...apps.map((a) => a.applicant_id).slice(0, 3), txt, theirApplicant];
    const zip = await admin.post('/api/applicants/offer_cv', { ids, type: 'zip' });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(zip.headers['x-skipped-applicants']).toBe(String(theirApplicant));
    const pdf = await admin.post('/api/applicants/offer_cv', { ids, type: 'pdf' });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^attachment/);
    expect(String(pdf.headers['x-skipped-applicants']).split(',').map(Number).sort()).toEqual(
      [theirApplicant, txt].sort(),
    );
    expect(
      (await admin.post('/api/applicants/offer_cv', { ids: [theirApplicant], type: 'pdf' }))
        .statusCode,
    ).toBe(422);
    expect((await admin.post('/api/applicants/offer_cv', { ids, type: 'rar' })).statusCode).toBe(
      422,
    );
  });

  it('bundles the CVs of all that match a list: its applicants only, 404 elsewhere, 409 when it changed', async () => {
    type Row = { id: number; applicant_id: number; status: { id: number } };
    const rows = (
      await admin.get(`/api/projects/${offer.project_id}/offers/${offer.id}/applications`)
    ).json() as Row[];
    const statusId = rows[0]!.status.id;
    const matching = rows.filter((r) => r.status.id === statusId);
    const others = rows.filter((r) => r.status.id !== statusId);
    const [unticked, ...kept] = matching;
    const selection = (count: number) => ({
      all: {
        list: 'offer',
        project_id: offer.project_id,
        offer_id: offer.id,
        filters: { 'filter[statuses]': String(statusId) },
        except: [unticked!.id],
        count,
      },
    });
    const zip = await admin.post('/api/applicants/offer_cv', {
      selection: selection(kept.length),
      type: 'zip',
    });
    expect(zip.statusCode, zip.body.slice(0, 200)).toBe(200);
    expect(zip.rawPayload.subarray(0, 2).toString()).toBe('PK');
    // Each entry is named `lastname_firstname_{applicant id}.ext` (cv-bundle.ts).
    const names = zip.rawPayload.toString('latin1');
    const bundled = (applicant: number) => names.includes(`_${applicant}.`);
    const skipped = String(zip.headers['x-skipped-applicants'] ?? '')
      .split(',')
      .filter(Boolean)
      .map(Number);
    const wanted = new Set(kept.map((r) => r.applicant_id));
    expect([...wanted].some(bundled)).toBe(true);
    for (const applicant of wanted)
      expect(bundled(applicant) || skipped.includes(applicant)).toBe(true);
    for (const r of [unticked!, ...others])
      if (!wanted.has(r.applicant_id)) expect(bundled(r.applicant_id)).toBe(false);

    const changed = await admin.post('/api/applicants/offer_cv', {
      selection: selection(kept.length + 1),
      type: 'zip',
    });
    expect(changed.statusCode).toBe(409);
    expect(changed.json<{ errors: { count: string[] } }>().errors.count).toEqual([
      String(kept.length),
    ]);
    // Another company's administrator naming the offer: 404, nothing bundled.
    expect(
      (
        await other.post('/api/applicants/offer_cv', {
          selection: selection(kept.length),
          type: 'zip',
        })
      ).statusCode,
    ).toBe(404);
    const neither = await admin.post('/api/applicants/offer_cv', { type: 'zip' });
    expect(neither.statusCode).toBe(422);
    expect(neither.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      ids: ['field_required'],
    });
  });
});

function withHeaders(body: ReturnType<typeof multipart>) {
  return { payload: body.payload, headers: body.headers };
}
