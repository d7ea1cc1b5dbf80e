import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCompanyJobBoard } from '@embauche/contracts/job-boards';
import { apiAs, type Api } from './support/api.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

type Res = { statusCode: number; body: string; json: <T>() => T };
type OfferBoard = { id: number; posted: boolean };

const SECRET = 'sk-live-7Hq2-ne-jamais-renvoyer';
const LOGIN_PASSWORD = 'motdepasse-tres-secret-42';

/**
 * Issue 17 item 6 (contracts/job-boards.ts): the boards a company publishes to, their sealed
 * write-only credentials, the offer's job-board tab, the permission and the other company.
 */
describe.each(testDatabases())('job boards on $dialect', (testDb) => {
  let ctx: TestContext;
  let admin: Api;
  let recruiter: Api;
  let other: Api;
  let valmont: number;

  const db = () => ctx.database.db;
  const ok = <T>(res: Res, status = 200) => {
    expect(res.statusCode, res.body).toBe(status);
    return res.json<T>();
  };
  const errors = (res: Res) => {
    expect(res.statusCode, res.body).toBe(422);
    return res.json<{ errors: Record<string, string[]> }>().errors;
  };
  const list = async (api: Api = admin) =>
    ok<TCompanyJobBoard[]>(await api.get('/api/config/jobboards'));
  const bySlug = async (slug: string, api: Api = admin) =>
    (await list(api)).find((b) => b.slug === slug)!;
  const save = (id: number, body: unknown, api: Api = admin) =>
    api.put(`/api/config/jobboards/${id}`, body);
  const row = (companyId: number, boardId: number) =>
    db()
      .selectFrom('company_job_boards')
      .selectAll()
      .where('company_id', '=', companyId)
      .where('job_board_id', '=', boardId)
      .executeTakeFirst();

  beforeAll(async () => {
    ctx = await startTestApp(testDb);
    admin = apiAs(ctx.app, await signIn(ctx.app, 'admin@demo.test'));
    recruiter = apiAs(ctx.app, await signIn(ctx.app, 'recruiter@demo.test'));
    other = apiAs(ctx.app, await signIn(ctx.app, 'admin@other.test'));
    valmont = (
      await db()
        .selectFrom('users')
        .select('company_id')
        .where('email', '=', 'admin@demo.test')
        .executeTakeFirstOrThrow()
    ).company_id;
  }, 60_000);
  afterAll(() => ctx.close());

  it('lists the catalogue, every board enabled and without credentials at first', async () => {
    const boards = await list();
    expect(boards.length).toBe(8);
    expect(boards.every((b) => b.enabled && !b.has_credentials)).toBe(true);
    expect(boards.find((b) => b.slug === 'indeed')!.credential_fields).toEqual([
      'account_id',
      'api_key',
    ]);
    expect(boards.find((b) => b.slug === 'career-site')!.credential_fields).toEqual([]);
  });

  it('seals the credentials in the database and never answers them', async () => {
    const indeed = await bySlug('indeed');
    const saved = await save(indeed.id, {
      enabled: true,
      credentials: { account_id: 'ACC-991', api_key: SECRET, password: 'ignored' },
    });
    const body = ok<TCompanyJobBoard>(saved);
    expect(body).toMatchObject({ id: indeed.id, enabled: true, has_credentials: true });
    expect(saved.body).not.toContain(SECRET);
    expect(saved.body).not.toContain('ACC-991');
    const stored = await row(valmont, indeed.id);
    expect(stored!.credentials).toMatch(/^v1\./);
    expect(stored!.credentials).not.toContain(SECRET);
    expect(stored!.credentials).not.toContain('ACC-991');
    const read = await admin.get('/api/config/jobboards');
    expect(read.body).not.toContain(SECRET);
    expect(read.json<TCompanyJobBoard[]>().find((b) => b.id === indeed.id)!.has_credentials).toBe(
      true,
    );
    // Kept when the save leaves them out, cleared by null.
    ok(await save(indeed.id, { enabled: false }));
    expect((await row(valmont, indeed.id))!.credentials).toBe(stored!.credentials);
    expect((await bySlug('indeed')).has_credentials).toBe(true);
    const cleared = ok<TCompanyJobBoard>(
      await save(indeed.id, { enabled: true, credentials: null }),
    );
    expect(cleared.has_credentials).toBe(false);
    expect((await row(valmont, indeed.id))!.credentials).toBeNull();
    // Neither the audit trail nor any answer holds them.
    const audit = await db()
      .selectFrom('audit_log')
      .select(['details'])
      .where('action', '=', 'job_board.updated')
      .execute();
    expect(audit.length).toBeGreaterThanOrEqual(3);
    expect(JSON.stringify(audit)).not.toContain(SECRET);
  });

  it('a sealed value copied to another row does not open there', async () => {
    const hellowork = await bySlug('hellowork');
    ok(
      await save(hellowork.id, {
        enabled: true,
        credentials: { login: 'rh@valmont.fr', password: LOGIN_PASSWORD },
      }),
    );
    const stored = (await row(valmont, hellowork.id))!.credentials!;
    expect(stored).not.toContain(LOGIN_PASSWORD);
    expect(stored).not.toContain('rh@valmont.fr');
    const { secretBoxFor } = await import('../src/platform/crypto/secret-box.ts');
    const { credentialsContext } = await import('../src/modules/job-boards/job-boards.service.ts');
    const box = secretBoxFor(ctx.config);
    expect(JSON.parse(box.open(stored, credentialsContext(valmont, hellowork.id)))).toEqual({
      login: 'rh@valmont.fr',
      password: LOGIN_PASSWORD,
    });
    expect(() => box.open(stored, credentialsContext(valmont + 1, hellowork.id))).toThrow();
  });

  it('validates the body', async () => {
    const apec = await bySlug('apec');
    expect(errors(await save(apec.id, {}))).toEqual({ enabled: ['field_required'] });
    expect(errors(await save(apec.id, { enabled: true, credentials: { login: 'x' } }))).toEqual({
      'credentials.account_id': ['field_required'],
      'credentials.password': ['field_required'],
    });
    expect(
      errors(
        await save(apec.id, {
          enabled: true,
          credentials: { account_id: 'a', login: 'b', password: 'p'.repeat(256) },
        }),
      ),
    ).toEqual({ 'credentials.password': ['max_length:255'] });
    expect((await save(99_999, { enabled: true })).statusCode).toBe(404);
    expect((await save(0, { enabled: true })).statusCode).toBe(422);
  });

  it("the offer's job-board tab lists the enabled boards only", async () => {
    const linkedin = await bySlug('linkedin');
    const offers = (await admin.get('/api/projects/all/offers?per_page=1')).json();
    const offer = offers.data[0];
    const tab = `/api/projects/${offer.project_id}/offers/${offer.id}/jobboards`;
    ok(await admin.put(tab, { jobboard_ids: [linkedin.id] }));
    ok(await save(linkedin.id, { enabled: false }));
    const boards = ok<OfferBoard[]>(await admin.get(tab));
    expect(boards.map((b) => b.id)).not.toContain(linkedin.id);
    const enabled = (await list()).filter((b) => b.enabled).map((b) => b.id);
    expect(boards.map((b) => b.id)).toEqual(enabled);
    // The catalogue (applicants' sources, filters) still names every board.
    const catalogue = ok<{ id: number }[]>(await admin.get('/api/projects/all/offers/jobboards'));
    expect(catalogue.map((b) => b.id)).toContain(linkedin.id);
    expect(errors(await admin.put(tab, { jobboard_ids: [linkedin.id] }))).toEqual({
      jobboard_ids: ['invalid'],
    });
    // Another company still publishes there.
    expect((await bySlug('linkedin', other)).enabled).toBe(true);
    ok(await save(linkedin.id, { enabled: true }));
    expect(ok<OfferBoard[]>(await admin.get(tab)).map((b) => b.id)).toContain(linkedin.id);
  });

  it("needs config.jobboards_list; another company's settings stay its own", async () => {
    const apec = await bySlug('apec');
    expect((await recruiter.get('/api/config/jobboards')).statusCode).toBe(403);
    expect((await save(apec.id, { enabled: false }, recruiter)).statusCode).toBe(403);
    ok(
      await save(apec.id, {
        enabled: true,
        credentials: { account_id: 'a', login: 'b', password: 'c' },
      }),
    );
    // The other company sees its own row: none, so no credentials and enabled.
    const theirs = await bySlug('apec', other);
    expect(theirs).toMatchObject({ enabled: true, has_credentials: false });
    ok(await save(apec.id, { enabled: false }, other));
    expect(await bySlug('apec')).toMatchObject({ enabled: true, has_credentials: true });
  });
});
