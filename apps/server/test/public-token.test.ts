import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from './support/multipart.ts';
import { startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

const LIMIT = 5;
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const guess = () => randomBytes(32).toString('base64url');

describe.each(testDatabases())('public token pages on $dialect', (testDb) => {
  let ctx: TestContext;
  let applicant: { id: number; company_id: number };

  beforeAll(async () => {
    ctx = await startTestApp(testDb, {
      PUBLIC_TOKEN_MAX_PER_IP: String(LIMIT),
      PUBLIC_TOKEN_WINDOW_MINUTES: '15',
    });
    applicant = await ctx.database.db
      .selectFrom('applicants')
      .select(['id', 'company_id'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
  });
  afterAll(() => ctx.close());

  /** A document request for types 1 and 3; answers its link's token. */
  async function newRequest(expiresInMs = 86_400_000): Promise<{ token: string; id: number }> {
    const token = guess();
    const row = await ctx.database.db
      .insertInto('document_requests')
      .values({
        company_id: applicant.company_id,
        applicant_id: applicant.id,
        token_hash: createHash('sha256').update(token).digest('hex'),
        expires_at: new Date(Date.now() + expiresInMs).toISOString(),
        created_by: null,
        created_at: new Date().toISOString(),
        fulfilled_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.database.db
      .insertInto('document_request_items')
      .values(
        [1, 3].map((document_type_id) => ({
          request_id: row.id,
          document_type_id,
          document_id: null,
          uploaded_at: null,
        })),
      )
      .execute();
    return { token, id: row.id };
  }

  const page = (token: string, remoteAddress: string) =>
    ctx.app.inject({ url: `/api/documents-upload/${token}`, remoteAddress });
  const post = (
    token: string,
    remoteAddress: string,
    body: { payload: Buffer | string; headers: Record<string, string> },
  ) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/documents-upload/${token}`,
      remoteAddress,
      payload: body.payload,
      headers: body.headers,
    });
  const storedFiles = () => {
    const dir = path.join(ctx.config.dataDir, 'uploads', 'documents', String(applicant.company_id));
    return existsSync(dir) ? readdirSync(dir).length : 0;
  };
  const documentRows = async () =>
    (
      await ctx.database.db
        .selectFrom('applicant_documents')
        .select('id')
        .where('applicant_id', '=', applicant.id)
        .execute()
    ).length;

  it(`answers 404 to the first ${LIMIT} unknown tokens of an address, then 429`, async () => {
    const statuses = [];
    for (let i = 0; i < LIMIT + 5; i++) {
      const res = await page(guess(), '10.7.0.1');
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([...Array(LIMIT).fill(404), ...Array(5).fill(429)]);
    // The refused address is refused whatever the token, a valid one too.
    const { token } = await newRequest();
    expect((await page(token, '10.7.0.1')).statusCode).toBe(429);
    // Another address still gets plain answers, and the valid link still opens.
    expect((await page(guess(), '10.7.0.2')).statusCode).toBe(404);
    const info = await page(token, '10.7.0.3');
    expect(info.statusCode).toBe(200);
    expect(info.json().documents).toHaveLength(2);
  });

  it('counts parallel guesses before looking the token up', async () => {
    const responses = await Promise.all(
      Array.from({ length: 30 }, () => page(guess(), '10.7.1.1')),
    );
    expect(responses.filter((r) => r.statusCode === 404)).toHaveLength(LIMIT);
    expect(responses.filter((r) => r.statusCode === 429)).toHaveLength(30 - LIMIT);
  });

  it('gives a valid token its attempt back; an expired one counts as a miss', async () => {
    const { token } = await newRequest();
    for (let i = 0; i < LIMIT * 3; i++)
      expect((await page(token, '10.7.2.1')).statusCode).toBe(200);
    const expired = await newRequest(-1000);
    expect((await page(expired.token, '10.7.2.1')).statusCode).toBe(404);
    for (let i = 1; i < LIMIT; i++) expect((await page(guess(), '10.7.2.1')).statusCode).toBe(404);
    expect((await page(token, '10.7.2.1')).statusCode).toBe(429);
  });

  it('checks the token before reading the body', async () => {
    const broken = {
      payload: '--x\r\nContent-Disposition: form-data; name="document_1"; filename="a.png"\r\n',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    };
    const badToken = await post(guess(), '10.7.3.1', broken);
    expect(badToken.statusCode).toBe(404);
    const notMultipart = await post(guess(), '10.7.3.1', {
      payload: JSON.stringify({ document_1: 'x' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(notMultipart.statusCode).toBe(404);
    const { token } = await newRequest();
    const json = await post(token, '10.7.3.1', {
      payload: JSON.stringify({ document_1: 'x' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(json.statusCode).toBe(422);
  });

  it('answers a broken multipart body with a 4xx', async () => {
    const { token } = await newRequest();
    const res = await post(token, '10.7.3.2', {
      payload: '--x\r\nContent-Disposition: form-data; name="document_1"; filename="a.png"\r\n',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });

  it('refuses a type sent twice in one upload, storing nothing', async () => {
    const { token, id } = await newRequest();
    const files = storedFiles();
    const rows = await documentRows();
    const res = await post(
      token,
      '10.7.4.1',
      multipart({}, [
        { field: 'document_1', filename: 'recto.png', data: PNG },
        { field: 'document_1', filename: 'verso.png', data: PNG },
      ]),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ document_1: ['duplicate'] });
    expect(storedFiles()).toBe(files);
    expect(await documentRows()).toBe(rows);
    const items = await ctx.database.db
      .selectFrom('document_request_items')
      .select(['document_type_id', 'uploaded_at', 'document_id'])
      .where('request_id', '=', id)
      .execute();
    expect(items.every((i) => i.uploaded_at === null && i.document_id === null)).toBe(true);
  });

  it('stores every file of an upload or none', async () => {
    const { token, id } = await newRequest();
    const files = storedFiles();
    const rows = await documentRows();
    const bad = await post(
      token,
      '10.7.4.2',
      multipart({}, [
        { field: 'document_1', filename: 'cni.png', data: PNG },
        { field: 'document_3', filename: 'x.exe', data: Buffer.from([0x4d, 0x5a, 0, 0, 1]) },
      ]),
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ document_3: ['file_type'] });
    expect(storedFiles()).toBe(files);
    expect(await documentRows()).toBe(rows);

    const ok = await post(
      token,
      '10.7.4.2',
      multipart({}, [
        { field: 'document_1', filename: 'cni.png', data: PNG },
        { field: 'document_3', filename: 'rib.png', data: PNG },
      ]),
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json().documents.map((d: { uploaded: boolean }) => d.uploaded)).toEqual([true, true]);
    expect(storedFiles()).toBe(files + 2);
    expect(await documentRows()).toBe(rows + 2);
    const request = await ctx.database.db
      .selectFrom('document_requests')
      .select('fulfilled_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(request.fulfilled_at).not.toBeNull();
  });
});
