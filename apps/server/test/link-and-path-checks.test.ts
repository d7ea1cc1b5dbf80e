import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, type Api } from './support/api.ts';
import { multipart } from './support/multipart.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

/**
 * Issue 9, smaller holes: project paths are checked even by routes that do not read the project,
 * and links stored from users take web schemes only.
 */
describe.each(testDatabases())('link and path checks on $dialect', (testDb) => {
  let ctx: TestContext;
  let admin: Api;
  let adminCookie: string;
  let theirProject: number;
  let ownProject: number;

  beforeAll(async () => {
    ctx = await startTestApp(testDb);
    adminCookie = await signIn(ctx.app, 'admin@demo.test');
    admin = apiAs(ctx.app, adminCookie);
    const other = apiAs(ctx.app, await signIn(ctx.app, 'admin@other.test'));
    theirProject = (await other.get('/api/projects')).json()[0].id;
    ownProject = (await admin.get('/api/projects')).json()[0].id;
  });
  afterAll(() => ctx.close());

  it("answers 404 under another company's project path, even where the project is not read", async () => {
    for (const path of ['offers/jobboards', 'offers/users-publish']) {
      expect((await admin.get(`/api/projects/${theirProject}/${path}`)).statusCode, path).toBe(404);
      expect((await admin.get(`/api/projects/${ownProject}/${path}`)).statusCode, path).toBe(200);
      expect((await admin.get(`/api/projects/all/${path}`)).statusCode, path).toBe(200);
    }
  });

  it('refuses links that are not http(s) with invalid_url, and keeps nothing', async () => {
    const count = async () =>
      Number(
        (
          await ctx.database.db
            .selectFrom('applicants')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const post = (fields: Record<string, string>) => {
      const body = multipart({ firstname: 'Iris', lastname: 'Lien', ...fields });
      return ctx.app.inject({
        method: 'POST',
        url: '/api/applicants/manual',
        payload: body.payload,
        headers: { ...body.headers, cookie: adminCookie },
      });
    };
    for (const [field, fields] of [
      ['source.url', { source: JSON.stringify({ url: 'javascript:alert(document.cookie)' }) }],
      ['source.url', { source: JSON.stringify({ url: 'JaVaScRiPt:alert(1)' }) }],
      ['visio.url', { visio: JSON.stringify({ url: 'data:text/html,<script>alert(1)</script>' }) }],
      ['visio.url', { visio: JSON.stringify({ url: 'vbscript:msgbox(1)' }) }],
      ['source.url', { source: JSON.stringify({ url: '//evil.test/x' }) }],
    ] as const) {
      const res = await post(fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(422);
      expect(res.json().errors[field]).toEqual(['invalid_url']);
    }
    expect(await count()).toBe(before);

    const ok = await post({
      email: 'iris.lien@exemple.fr',
      source: JSON.stringify({ url: 'https://emplois.exemple.fr/offre/1' }),
      visio: JSON.stringify({ url: 'http://visio.exemple.fr/salle' }),
    });
    expect(ok.statusCode).toBe(201);
    const id = ok.json().applicant.id as number;

    const update = multipart({
      firstname: 'Iris',
      lastname: 'Lien',
      visio: JSON.stringify({ url: 'javascript:alert(1)' }),
    });
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/api/applicants/manual/${id}?_method=PUT`,
      payload: update.payload,
      headers: { ...update.headers, cookie: adminCookie },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors['visio.url']).toEqual(['invalid_url']);
    expect((await admin.get(`/api/applicants/${id}/visio`)).json().url).toBe(
      'http://visio.exemple.fr/salle',
    );
  });
});
