import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, type Api } from './support/api.ts';
import { multipart, pdfWith } from './support/multipart.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

type Offer = { id: number; project_id: number };

/**
 * A one-word search (search-words.ts on PostgreSQL): its total counts every applicant whose name,
 * e-mail, tags or CV hold the word as a prefix, once, and follows renames and tag changes; an
 * offer's name filter reads the identity words only.
 */
describe.each(testDatabases())('one-word applicant search on $dialect', (testDb) => {
  let ctx: TestContext;
  let admin: Api;
  let other: Api;
  let adminCookie: string;
  let otherCookie: string;
  let offer: Offer;
  let theirOffer: Offer;
  const ids: Record<'name' | 'nameAndCv' | 'cvOnly' | 'email' | 'tag', number> = {
    name: 0,
    nameAndCv: 0,
    cvOnly: 0,
    email: 0,
    tag: 0,
  };

  type Fields = { firstname: string; lastname: string; email: string; tags?: string[] };
  /** Posts the manual applicant form (a new one, or `?_method=PUT` for an update). */
  const postForm = async (url: string, cookie: string, fields: Fields, cv?: string[]) => {
    const files = cv
      ? [{ field: 'cv', filename: 'cv.pdf', data: await pdfWith(cv), type: 'application/pdf' }]
      : [];
    const body = multipart(fields, files);
    return ctx.app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { ...body.headers, cookie },
    });
  };
  const add = async (cookie: string, on: Offer, fields: Fields, cv?: string[]) => {
    const url = `/api/projects/${on.project_id}/offers/${on.id}/manual`;
    const res = await postForm(url, cookie, fields, cv);
    expect(res.statusCode).toBe(201);
    return res.json().applicant.id as number;
  };
  const search = async (api: Api, q: string) => {
    const res = await api.get(`/api/applicants?search=${encodeURIComponent(q)}`);
    expect(res.statusCode).toBe(200);
    const page = res.json() as { total: number; data: { id: number }[] };
    return { total: page.total, ids: page.data.map((a) => a.id) };
  };

  beforeAll(async () => {
    ctx = await startTestApp(testDb);
    adminCookie = await signIn(ctx.app, 'admin@demo.test');
    otherCookie = await signIn(ctx.app, 'admin@other.test');
    admin = apiAs(ctx.app, adminCookie);
    other = apiAs(ctx.app, otherCookie);
    const published = '/api/projects/all/offers?filter[status]=published';
    offer = (await admin.get(published)).json().data[0];
    theirOffer = (await other.get(published)).json().data[0];
    ids.name = await add(adminCookie, offer, {
      firstname: 'Zéphyrine',
      lastname: 'Quillebeuf',
      email: 'zephyrine@exemple.fr',
    });
    ids.nameAndCv = await add(
      adminCookie,
      offer,
      { firstname: 'Oscar', lastname: 'Quillebeufard', email: 'oscar.q@exemple.fr' },
      ['Oscar Quillebeufard', 'Stage chez Quillebeuf et fils'],
    );
    ids.cvOnly = await add(
      adminCookie,
      offer,
      { firstname: 'Irène', lastname: 'Dufour', email: 'irene.d@exemple.fr' },
      ['Irène Dufour', 'Référence : M. Quillebeuf'],
    );
    ids.email = await add(adminCookie, offer, {
      firstname: 'Paul',
      lastname: 'Roux',
      email: 'quillebeuf.paul@exemple.fr',
    });
    ids.tag = await add(adminCookie, offer, {
      firstname: 'Léa',
      lastname: 'Morel',
      email: 'lea.m@exemple.fr',
      tags: ['Quillebeuf-club'],
    });
    await add(otherCookie, theirOffer, {
      firstname: 'Zéphyrine',
      lastname: 'Quillebeuf',
      email: 'zephyrine@ailleurs.fr',
    });
    await ctx.app.worker.drain();
  });
  afterAll(() => ctx.close());

  it('counts name, e-mail, tag and CV-only matches once each, newest first, for the company only', async () => {
    expect(await search(admin, 'quillebeuf')).toEqual({
      total: 5,
      ids: [ids.tag, ids.email, ids.cvOnly, ids.nameAndCv, ids.name],
    });
    // A longer prefix: only the name that continues it (the CV's "Quillebeuf" stops short).
    expect(await search(admin, 'QUILLEBEUFA')).toEqual({ total: 1, ids: [ids.nameAndCv] });
    expect(await search(admin, 'quillebeufz')).toEqual({ total: 0, ids: [] });
    expect((await search(other, 'quillebeuf')).total).toBe(1);
    // Several words: in the name, the e-mail or the CV, each applicant holding them all once.
    expect(await search(admin, 'irene quillebeuf')).toEqual({ total: 1, ids: [ids.cvOnly] });
    expect(await search(admin, 'oscar stage quill')).toEqual({ total: 1, ids: [ids.nameAndCv] });
    expect(await search(admin, 'zephyrine quillebeuf')).toEqual({ total: 1, ids: [ids.name] });
    expect(await search(admin, 'quillebeuf exemple')).toEqual({
      total: 5,
      ids: [ids.tag, ids.email, ids.cvOnly, ids.nameAndCv, ids.name],
    });
    expect(await search(admin, 'zephyrine dufour')).toEqual({ total: 0, ids: [] });
    // A later page of the same matches.
    for (const q of ['quillebeuf', 'quillebeuf exemple']) {
      const second = (
        await admin.get(`/api/applicants?search=${encodeURIComponent(q)}&per_page=2&page=2`)
      ).json() as { total: number; data: { id: number }[] };
      expect(second.total).toBe(5);
      expect(second.data.map((a) => a.id)).toEqual([ids.cvOnly, ids.nameAndCv]);
    }
  });

  it("filters an offer's applications on the identity words only", async () => {
    const res = await admin.get(
      `/api/projects/${offer.project_id}/offers/${offer.id}/applications?page=1&filter[search]=quillebeuf`,
    );
    expect(res.statusCode).toBe(200);
    const found = (res.json().data as { applicant_id: number }[]).map((a) => a.applicant_id);
    expect(found.sort()).toEqual([ids.name, ids.nameAndCv, ids.email, ids.tag].sort());
    expect(res.json().total).toBe(4);
  });

  it('follows a rename and a change of tags', async () => {
    const renamed = await postForm(`/api/applicants/manual/${ids.name}?_method=PUT`, adminCookie, {
      firstname: 'Zéphyrine',
      lastname: 'Lefort-Martel',
      email: 'zephyrine@exemple.fr',
    });
    expect(renamed.statusCode).toBe(200);
    expect(
      (await admin.put(`/api/applicants/${ids.tag}/tags`, { tags: ['senior'] })).statusCode,
    ).toBe(200);
    expect(await search(admin, 'quillebeuf')).toEqual({
      total: 3,
      ids: [ids.email, ids.cvOnly, ids.nameAndCv],
    });
    expect(await search(admin, 'martel')).toEqual({ total: 1, ids: [ids.name] });
    expect((await search(admin, 'senior')).ids).toContain(ids.tag);
    if (testDb.dialect === 'postgres') {
      const words = await sql<{
        word: string;
      }>`select word from applicant_words where applicant_id = ${ids.name} order by word`.execute(
        ctx.database.db,
      );
      expect(words.rows.map((r) => r.word)).toEqual([
        'exemple',
        'fr',
        'lefort',
        'martel',
        'zephyrine',
      ]);
    }
  });
});
