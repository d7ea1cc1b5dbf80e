import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthContext } from '../src/platform/auth/auth-context.ts';
import { S3Storage } from '../src/platform/storage/s3-storage.ts';
import { ApplicantDocumentsRepository } from '../src/modules/applicants/applicant-documents.repository.ts';
import { ApplicantTagsRepository } from '../src/modules/applicants/applicant-tags.repository.ts';
import { ApplicantsRepository } from '../src/modules/applicants/applicants.repository.ts';
import { ApplicantsService } from '../src/modules/applicants/applicants.service.ts';
import { apiAs, type Api } from './support/api.ts';
import { multipart, pdfWith, type Part } from './support/multipart.ts';
import { S3RVER_CREDENTIALS, startS3rver, type S3rverHandle } from './support/s3rver.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

/**
 * With STORAGE_URL=s3://… (s3rver on loopback), every file goes to the bucket and none to the
 * local disk: the demo's CVs, a manual applicant's CV, an uploaded document, a feed attachment, an
 * offer export, a CV bundle. Deleting the comment, the document, the applicant removes the
 * objects; another company gets 404 on each file.
 */
let s3: S3rverHandle;
beforeAll(async () => {
  s3 = await startS3rver();
  // The SDK's standard credential chain, as in production.
  process.env.AWS_ACCESS_KEY_ID = S3RVER_CREDENTIALS.accessKeyId;
  process.env.AWS_SECRET_ACCESS_KEY = S3RVER_CREDENTIALS.secretAccessKey;
});
afterAll(() => s3?.stop());

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

describe.each(testDatabases())('files in a bucket on $dialect', (testDb) => {
  let ctx: TestContext;
  let bucket: S3Storage;
  let admin: Api;
  let adminCookie: string;
  let other: Api;
  let offer: { id: number; project_id: number };
  let applicant: number;
  let cvKey: string;

  const send = (url: string, body: ReturnType<typeof multipart>, cookie = adminCookie) =>
    ctx.app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { ...body.headers, cookie },
    });

  async function keys(prefix: string): Promise<string[]> {
    const all: string[] = [];
    for await (const page of bucket.list(prefix)) all.push(...page.map((o) => o.key));
    return all.sort();
  }

  /** The applicants service as the module builds it, for the deletes no route exposes yet. */
  async function applicantsService(): Promise<{ service: ApplicantsService; auth: AuthContext }> {
    const { db, dialect } = ctx.database;
    const user = await db
      .selectFrom('users')
      .select(['id', 'company_id'])
      .where('email', '=', 'admin@demo.test')
      .executeTakeFirstOrThrow();
    const service = new ApplicantsService(
      new ApplicantsRepository(db, dialect),
      new ApplicantTagsRepository(db, dialect),
      new ApplicantDocumentsRepository(db),
      bucket,
      { visibleProjectIds: async () => null },
    );
    const auth: AuthContext = {
      sessionId: '',
      userId: user.id,
      companyId: user.company_id,
      roleId: null,
      superAdmin: false,
      partnerAdmin: false,
      permissions: new Set(['project.see_all']),
    };
    return { service, auth };
  }

  beforeAll(async () => {
    const prefix = `routes-${testDb.dialect}-${randomBytes(4).toString('hex')}`;
    ctx = await startTestApp(testDb, {
      STORAGE_URL: s3.storageUrl(prefix),
      // Else the secrets' key would be a file in DATA_DIR (docs/security.md).
      ENCRYPTION_KEY: 'a-test-key-that-is-long-enough-0123456789',
    });
    expect(ctx.config.storage).toMatchObject({ kind: 's3', prefix: `${prefix}/` });
    bucket = new S3Storage(
      {
        bucket: s3.bucket,
        prefix: `${prefix}/`,
        endpoint: s3.endpoint,
        region: 'us-east-1',
        pathStyle: true,
        sse: undefined,
        sseKmsKeyId: undefined,
      },
      S3RVER_CREDENTIALS,
    );
    adminCookie = await signIn(ctx.app, 'admin@demo.test');
    admin = apiAs(ctx.app, adminCookie);
    other = apiAs(ctx.app, await signIn(ctx.app, 'admin@other.test'));
    offer = (await admin.get('/api/projects/all/offers?filter[status]=published')).json().data[0];
  });
  afterAll(async () => {
    bucket?.close();
    await ctx?.close();
  });

  it('seeds the demo CVs into the bucket', async () => {
    const rows = await ctx.database.db
      .selectFrom('applicants')
      .select('cv_key')
      .where('cv_key', 'is not', null)
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    const stored = new Set(await keys('cv/'));
    expect(rows.filter((r) => !stored.has(r.cv_key!))).toEqual([]);
  });

  it("puts a manual applicant's CV in the bucket and streams it back; another company: 404", async () => {
    const cv = await pdfWith(['Lou Bucket', 'Cariste']);
    const res = await send(
      `/api/projects/${offer.project_id}/offers/${offer.id}/manual`,
      multipart({ firstname: 'Lou', lastname: 'Bucket', email: 'lou.bucket@exemple.fr' }, [
        { field: 'cv', filename: 'cv.pdf', data: cv, type: 'application/pdf' },
      ] satisfies Part[]),
    );
    expect(res.statusCode, res.body).toBe(201);
    applicant = res.json().applicant.id;
    const row = await ctx.database.db
      .selectFrom('applicants')
      .select('cv_key')
      .where('id', '=', applicant)
      .executeTakeFirstOrThrow();
    cvKey = row.cv_key!;
    expect(cvKey).toMatch(/^cv\/\d+\/.+\.pdf$/);
    expect((await bucket.get(cvKey))?.equals(cv)).toBe(true);

    const down = await admin.get(`/api/applicants/${applicant}/cv`);
    expect(down.statusCode).toBe(200);
    expect(down.headers['content-length']).toBe(String(cv.length));
    expect(down.rawPayload.equals(cv)).toBe(true);
    expect((await other.get(`/api/applicants/${applicant}/cv`)).statusCode).toBe(404);

    // The CV text job reads it from the bucket too.
    await ctx.app.worker.drain();
    const row2 = await ctx.database.db
      .selectFrom('applicants')
      .select('cv_text')
      .where('id', '=', applicant)
      .executeTakeFirstOrThrow();
    expect(row2.cv_text ?? '').toContain('Cariste');
  });

  it('puts an uploaded document in the bucket; deleting it removes the object', async () => {
    const ask = await admin.post(`/api/applicants/${applicant}/ask-documents`, {
      applicant_id: applicant,
      document_ids: [1, 3],
    });
    expect(ask.statusCode, ask.body).toBe(200);
    await ctx.app.worker.drain();
    const mail = await ctx.database.db
      .selectFrom('mail_outbox')
      .select('text')
      .where('to', '=', 'lou.bucket@exemple.fr')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const token = /documents-upload\/([\w-]+)/.exec(mail.text)![1]!;
    const body = multipart({}, [
      { field: 'document_1', filename: 'cni.png', data: PNG },
      { field: 'document_3', filename: 'rib.png', data: PNG },
    ]);
    const up = await ctx.app.inject({
      method: 'POST',
      url: `/api/documents-upload/${token}`,
      payload: body.payload,
      headers: body.headers,
    });
    expect(up.statusCode, up.body).toBe(200);
    const docs = await ctx.database.db
      .selectFrom('applicant_documents')
      .select(['id', 'storage_key'])
      .where('applicant_id', '=', applicant)
      .orderBy('id')
      .execute();
    expect(docs).toHaveLength(2);
    for (const d of docs) expect((await bucket.get(d.storage_key))?.equals(PNG)).toBe(true);

    const url = `/api/applicants/${applicant}/documents/${docs[0]!.id}`;
    const down = await admin.get(url);
    expect(down.statusCode).toBe(200);
    expect(down.rawPayload.equals(PNG)).toBe(true);
    expect((await other.get(url)).statusCode).toBe(404);

    const { service, auth } = await applicantsService();
    await service.removeDocument(auth, applicant, docs[0]!.id);
    expect(await bucket.head(docs[0]!.storage_key)).toBeNull();
    expect(await bucket.head(docs[1]!.storage_key)).not.toBeNull();
    expect((await admin.get(url)).statusCode).toBe(404);
    await expect(service.removeDocument(auth, applicant, docs[0]!.id)).rejects.toMatchObject({
      statusCode: 404,
    });
  });

  it('puts a feed attachment in the bucket; deleting the comment removes it', async () => {
    const body = multipart({ text: 'Pièce jointe' }, [
      { field: 'files[0]', filename: 'note.png', data: PNG },
    ]);
    const posted = await send(`/api/activity-feed?applicant_id=${applicant}`, body);
    expect(posted.statusCode, posted.body).toBeLessThan(300);
    const attachment = await ctx.database.db
      .selectFrom('activity_feed_attachments')
      .select(['id', 'entry_id', 'storage_key'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(attachment.storage_key).toMatch(/^activity-feed\//);
    expect((await bucket.get(attachment.storage_key))?.equals(PNG)).toBe(true);
    const url = `/api/activity-feed/attachments/${attachment.id}`;
    const down = await admin.get(url);
    expect(down.statusCode).toBe(200);
    expect(down.rawPayload.equals(PNG)).toBe(true);
    expect((await other.get(url)).statusCode).toBe(404);

    expect((await admin.del(`/api/activity-feed/${attachment.entry_id}`)).statusCode).toBe(204);
    expect(await bucket.head(attachment.storage_key)).toBeNull();
  });

  it('writes CV bundles into the bucket, streams them back and deletes them', async () => {
    for (const type of ['zip', 'pdf']) {
      const res = await admin.post('/api/applicants/offer_cv', { ids: [applicant], type });
      expect(res.statusCode, res.body).toBe(200);
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(res.rawPayload.subarray(0, 4).toString('latin1')).toBe(
        type === 'zip' ? 'PK\u0003\u0004' : '%PDF',
      );
    }
    await expect.poll(() => keys('bundles/'), { timeout: 5000 }).toEqual([]);
  });

  it('writes an offer export into the bucket and streams it back', async () => {
    const started = await admin.post('/api/config/joboffers/export', {
      format: 'csv',
      columns: ['id'],
      language: 'fr',
    });
    expect(started.statusCode, started.body).toBeLessThan(300);
    await ctx.app.worker.drain();
    const id = started.json().id as number;
    const stored = await keys('offer-exports/');
    expect(stored.some((k) => k.endsWith(`/${id}`))).toBe(true);
    const down = await admin.get(`/api/config/joboffers/export/${id}/download`);
    expect(down.statusCode).toBe(200);
    expect(down.body.length).toBeGreaterThan(0);
    expect((await other.get(`/api/config/joboffers/export/${id}/download`)).statusCode).toBe(404);
  });

  it('deleting the applicant removes its CV and documents from the bucket', async () => {
    const left = await ctx.database.db
      .selectFrom('applicant_documents')
      .select('storage_key')
      .where('applicant_id', '=', applicant)
      .execute();
    expect(left).toHaveLength(1);
    const { service, auth } = await applicantsService();
    await service.remove(auth, applicant);
    expect(await bucket.head(cvKey)).toBeNull();
    expect(await bucket.head(left[0]!.storage_key)).toBeNull();
    expect((await admin.get(`/api/applicants/${applicant}`)).statusCode).toBe(404);
  });

  it('wrote no file under DATA_DIR', () => {
    expect(filesUnder(ctx.config.dataDir)).toEqual([]);
  });
});
