import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCvBundleOperation } from '@embauche/contracts/applicants';
import type { TNotification, TNotificationPage } from '@embauche/contracts/notifications';
import { apiAs, projectId, type Api } from './support/api.ts';
import { insertOperation } from './support/insert-operation.ts';
import { companyOf, insertOffer } from './support/insert-company.ts';
import { insertApplicants } from './support/insert-applicants.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';
import { zipEntries } from './support/zip-entries.ts';
import { createStorage } from '../src/platform/storage/create-storage.ts';
import type { FileStorage } from '../src/platform/storage/storage.ts';
import { CvBundleJobs } from '../src/modules/applicants/cv-bundle-jobs.ts';
import { CvBundleFilesRepository } from '../src/modules/applicants/cv-bundle-files.repository.ts';
import { BulkOperations } from '../src/platform/jobs/bulk-operations.ts';

/**
 * The CVs of all that match beyond CV_BUNDLE_MAX (issue 42, docs/bulk-actions.md "The CVs of all
 * that match"): a ZIP selection of 519 applications is queued (202), a job writes ONE ZIP of exactly
 * the filtered applicants' CVs into the storage (read back here), counting those without one; its
 * user reads the progress and downloads the file, nobody else does; the file expires and the sweep
 * deletes it through the storage; a PDF stays capped at 500; 500 or fewer are answered at once.
 * Once the file is stored (or the job failed for good) its user, and nobody else, is notified
 * (`cv_bundle`: in the app and by e-mail, linked to the bundle's page).
 */
describe.each(testDatabases())('the CVs of all that match, by a job, on $dialect', (testDb) => {
  let ctx: TestContext;
  let storage: FileStorage;
  let admin: Api;
  let recruiter: Api;
  let other: Api;
  let project: number;
  let offer: number;
  /** Applicants of the 520 applications at status 2, in application id order. */
  let shortlisted: { applicant: number; application: number }[];
  /** Of those, the ones given no CV. */
  let withoutCv: Set<number>;
  /** Applicants at status 1 on the offer (all with a CV). */
  let newOnes: number[];
  let operation: TCvBundleOperation;

  const selection = (status: number, count: number, except: number[] = []) => ({
    all: {
      list: 'offer',
      project_id: project,
      offer_id: offer,
      filters: { 'filter[statuses]': String(status) },
      except,
      count,
    },
  });
  const read = (api: Api, id: number) => api.get(`/api/applicants/bulk-operations/${id}`);
  const file = (api: Api, id: number) => api.get(`/api/applicants/bulk-operations/${id}/file`);
  /** The user's notifications about the bundle `id` (its page is their link). */
  const told = async (api: Api, id?: number): Promise<TNotification[]> => {
    const res = await api.get('/api/notifications?per_page=100');
    expect(res.statusCode, res.body).toBe(200);
    return res
      .json<TNotificationPage>()
      .data.filter(
        (n) =>
          n.data.slug === 'cv_bundle' &&
          (id === undefined || n.data.route === `/downloads/cv-bundles/${id}`),
      );
  };
  const mailsTo = (email: string) =>
    ctx.database.db
      .selectFrom('mail_outbox')
      .select(['subject', 'text'])
      .where('to', '=', email)
      .where('subject', 'like', 'Votre ZIP%')
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    ctx = await startTestApp(testDb);
    storage = createStorage(ctx.config.storage);
    admin = apiAs(ctx.app, await signIn(ctx.app, 'admin@demo.test'));
    recruiter = apiAs(ctx.app, await signIn(ctx.app, 'recruiter@demo.test'));
    other = apiAs(ctx.app, await signIn(ctx.app, 'admin@other.test'));
    const db = ctx.database.db;
    const valmont = await companyOf(db, 'admin@demo.test');
    project = await projectId(admin, 'Finance et contrôle de gestion');
    offer = await insertOffer(db, valmont, project, 'Cariste saisonnier', new Date().toISOString());
    const people = (prefix: string, n: number) =>
      Array.from({ length: n }, (_, i) => ({
        company_id: valmont,
        firstname: `${prefix}${i}`,
        lastname: 'Quai',
        email: `${prefix}${i}@exemple.fr`,
        offer_id: offer,
      }));
    const made = [
      ...(await insertApplicants(db, people('cariste', 300))),
      ...(await insertApplicants(db, people('magasin', 260))),
    ];
    // 520 moved to status 2 (the filtered set), 40 left at 1.
    const picked = made.slice(0, 520);
    await db
      .updateTable('applications')
      .set({ status_id: 2 })
      .where(
        'id',
        'in',
        picked.map((r) => r.application!),
      )
      .execute();
    shortlisted = picked
      .map((r) => ({ applicant: r.applicant, application: r.application! }))
      .sort((a, b) => a.application - b.application);
    newOnes = made.slice(520).map((r) => r.applicant);
    // Every applicant has a CV but 20 of the shortlisted (every 26th).
    withoutCv = new Set(shortlisted.filter((_, i) => i % 26 === 5).map((r) => r.applicant));
    for (const r of made) {
      if (withoutCv.has(r.applicant)) continue;
      const key = `cv/${valmont}/bundle-test-${r.applicant}.txt`;
      await storage.put(key, Buffer.from(`CV de ${r.applicant}`));
      await db
        .updateTable('applicants')
        .set({ cv_key: key, cv_mime: 'text/plain', cv_filename: 'cv.txt' })
        .where('id', '=', r.applicant)
        .execute();
    }
  }, 180_000);
  afterAll(async () => {
    storage?.close?.();
    await ctx?.close();
  });

  it('queues a ZIP of more than 500 (202), then the job writes exactly their CVs into one ZIP, with its progress', async () => {
    const unticked = shortlisted[7]!;
    const res = await admin.post('/api/applicants/offer_cv', {
      selection: selection(2, 519, [unticked.application]),
      type: 'zip',
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(202);
    operation = res.json<TCvBundleOperation>();
    expect(operation).toMatchObject({
      kind: 'applicants.cv_bundle',
      status: 'queued',
      total: 519,
      processed: 0,
      file: null,
    });
    expect((await file(admin, operation.id)).statusCode).toBe(409);

    // The progress as the user reads it, between the job's batches; the notification is read
    // first: once it is there, the operation must read done with its file.
    const seen: number[] = [];
    let toldEarly = false;
    let draining = true;
    const drained = ctx.app.worker.drain().finally(() => (draining = false));
    while (draining) {
      const notified = (await told(admin, operation.id)).length > 0;
      const now = (await read(admin, operation.id)).json<TCvBundleOperation>();
      if (now.status === 'running') seen.push(now.processed);
      if (notified && (now.status !== 'done' || now.file?.status !== 'ready')) toldEarly = true;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await drained;
    expect(seen.some((n) => n > 0 && n < 519)).toBe(true);
    expect(toldEarly).toBe(false);

    const kept = shortlisted.filter((r) => r !== unticked);
    const withCv = kept.filter((r) => !withoutCv.has(r.applicant));
    const done = (await read(admin, operation.id)).json<TCvBundleOperation>();
    expect(done).toMatchObject({
      status: 'done',
      total: 519,
      processed: 519,
      changed: withCv.length,
      skipped: { no_cv: withoutCv.size },
    });
    expect(done.file).toMatchObject({ status: 'ready' });
    expect(Date.parse(done.file!.expires_at) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);

    const zip = await file(admin, operation.id);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toMatch(
      /^attachment; filename="cv-\d{4}-\d\d-\d\d\.zip"/,
    );
    expect(done.file!.size).toBe(zip.rawPayload.length);
    const entries = zipEntries(zip.rawPayload);
    // Each entry is `lastname_firstname_{applicant id}.ext` (cv-bundle.ts).
    const bundled = [...entries.keys()].map((name) => Number(/_(\d+)\.txt$/.exec(name)![1]));
    expect(bundled.sort((a, b) => a - b)).toEqual(
      withCv.map((r) => r.applicant).sort((a, b) => a - b),
    );
    const one = withCv[100]!.applicant;
    const name = [...entries.keys()].find((n) => n.endsWith(`_${one}.txt`))!;
    expect(entries.get(name)!.toString()).toBe(`CV de ${one}`);
    for (const a of [unticked.applicant, ...newOnes]) expect(bundled).not.toContain(a);

    // Its user is told once, in the app and by e-mail (the kind's default), with the CVs' count.
    const notes = await told(admin, operation.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]!.data).toMatchObject({
      slug: 'cv_bundle',
      bundle_status: 'ready',
      count: withCv.length,
      route: `/downloads/cv-bundles/${operation.id}`,
    });
    expect(notes[0]!.read_at).toBeNull();
    const mails = await mailsTo('admin@demo.test');
    expect(mails.map((m) => m.subject)).toEqual([`Votre ZIP de ${withCv.length} CV est prêt`]);
    expect(mails[0]!.text).toContain(`/downloads/cv-bundles/${operation.id}`);
  }, 120_000);

  it('shows the operation and its file to its user only: 404 for another user and another company', async () => {
    for (const api of [recruiter, other]) {
      expect((await read(api, operation.id)).statusCode).toBe(404);
      expect((await file(api, operation.id)).statusCode).toBe(404);
      // Nor are they told about it.
      expect(await told(api)).toEqual([]);
    }
    expect(await mailsTo('recruiter@demo.test')).toEqual([]);
    expect(await mailsTo('admin@other.test')).toEqual([]);
    // The user's own operation of another kind (a status change) is not a CV bundle: 404.
    const db = ctx.database.db;
    const mine = await db
      .selectFrom('bulk_operations')
      .select(['company_id', 'user_id'])
      .where('id', '=', operation.id)
      .executeTakeFirstOrThrow();
    const change = { id: await insertOperation(db, mine, 'status_change') };
    expect((await read(admin, change.id)).statusCode).toBe(404);
    expect((await file(admin, change.id)).statusCode).toBe(404);
    // Another company naming the offer: 404, nothing queued.
    const theirs = await other.post('/api/applicants/offer_cv', {
      selection: selection(2, 520),
      type: 'zip',
    });
    expect(theirs.statusCode).toBe(404);
  });

  it('puts the ticked applicants in first and counts an applicant met twice once', async () => {
    const ticked = [newOnes[0]!, shortlisted[0]!.applicant];
    const res = await admin.post('/api/applicants/offer_cv', {
      ids: ticked,
      selection: selection(2, 520),
      type: 'zip',
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(202);
    const queued = res.json<TCvBundleOperation>();
    expect(queued.total).toBe(522);
    await ctx.app.worker.drain();
    const done = (await read(admin, queued.id)).json<TCvBundleOperation>();
    expect(done).toMatchObject({
      status: 'done',
      processed: 522,
      // The 500 shortlisted with a CV and the ticked new one; the ticked shortlisted one is met
      // again in the selection.
      changed: 501,
      skipped: { no_cv: 20, duplicate: 1 },
    });
    const entries = zipEntries((await file(admin, queued.id)).rawPayload);
    expect(entries.size).toBe(501);
    expect([...entries.keys()].some((n) => n.endsWith(`_${newOnes[0]}.txt`))).toBe(true);
    expect((await told(admin, queued.id)).map((n) => n.data.count)).toEqual([501]);
  }, 120_000);

  it('tells its user when the job fails for good (the offer gone meanwhile), nobody else', async () => {
    const res = await admin.post('/api/applicants/offer_cv', {
      selection: selection(2, 520),
      type: 'zip',
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(202);
    const queued = res.json<TCvBundleOperation>();
    // The offer the selection names is out of reach before the job runs (an offer of no project).
    const db = ctx.database.db;
    const row = await db
      .selectFrom('bulk_operations')
      .select('params')
      .where('id', '=', queued.id)
      .executeTakeFirstOrThrow();
    const params = JSON.parse(row.params) as { selection: { all: { offer_id: number } } };
    params.selection.all.offer_id = 999_999_999;
    await db
      .updateTable('bulk_operations')
      .set({ params: JSON.stringify(params) })
      .where('id', '=', queued.id)
      .execute();
    await ctx.app.worker.drain();
    expect((await read(admin, queued.id)).json<TCvBundleOperation>()).toMatchObject({
      status: 'failed',
      file: null,
    });
    const notes = await told(admin, queued.id);
    expect(notes.map((n) => n.data)).toEqual([
      expect.objectContaining({ slug: 'cv_bundle', bundle_status: 'failed', count: 520 }),
    ]);
    expect((await mailsTo('admin@demo.test')).at(-1)!.subject).toBe(
      "Votre ZIP de 520 CV n'a pas pu être préparé",
    );
    for (const api of [recruiter, other]) expect(await told(api)).toEqual([]);
  }, 60_000);

  it('keeps the PDF at 500 (422), checks the count (409), and answers 500 or fewer at once', async () => {
    const pdf = await admin.post('/api/applicants/offer_cv', {
      selection: selection(2, 520),
      type: 'pdf',
    });
    expect(pdf.statusCode).toBe(422);
    expect(pdf.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      selection: ['max_items:500'],
    });
    const changed = await admin.post('/api/applicants/offer_cv', {
      selection: selection(2, 530),
      type: 'zip',
    });
    expect(changed.statusCode).toBe(409);
    expect(changed.json<{ errors: { count: string[] } }>().errors.count).toEqual(['520']);
    // The 40 new ones: the ZIP itself, during the request (the inline path, unchanged).
    const inline = await admin.post('/api/applicants/offer_cv', {
      selection: selection(1, 40),
      type: 'zip',
    });
    expect(inline.statusCode).toBe(200);
    expect(inline.headers['content-type']).toBe('application/zip');
    const names = [...zipEntries(inline.rawPayload).keys()];
    expect(names.map((n) => Number(/_(\d+)\.txt$/.exec(n)![1])).sort((a, b) => a - b)).toEqual(
      [...newOnes].sort((a, b) => a - b),
    );
  }, 60_000);

  it('lets the file expire: the sweep deletes it through the storage, the download answers 410', async () => {
    const db = ctx.database.db;
    const row = await db
      .selectFrom('bulk_operations')
      .select('file_key')
      .where('id', '=', operation.id)
      .executeTakeFirstOrThrow();
    expect(row.file_key).toMatch(/^cv-bundles\/\d+\/.+\.zip$/);
    expect(await storage.head(row.file_key!)).not.toBeNull();
    // Seven days later (its expiry moved back rather than the clock forward).
    await db
      .updateTable('bulk_operations')
      .set({ file_expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', operation.id)
      .execute();
    const late = await file(admin, operation.id);
    expect(late.statusCode).toBe(410);
    expect(late.json()).toMatchObject({ code: 'file_expired' });
    await ctx.app.worker.runRecurring(new Date(), true);
    expect(await storage.head(row.file_key!)).toBeNull();
    const after = (await read(admin, operation.id)).json<TCvBundleOperation>();
    expect(after.file).toMatchObject({ status: 'expired', size: null });
    expect(
      (
        await db
          .selectFrom('bulk_operations')
          .select('file_key')
          .where('id', '=', operation.id)
          .executeTakeFirstOrThrow()
      ).file_key,
    ).toBeNull();
    expect((await file(admin, operation.id)).statusCode).toBe(410);
  }, 60_000);

  it('says the operation failed when its last try fails (its user stops waiting for the file)', async () => {
    const db = ctx.database.db;
    const operations = new BulkOperations(db);
    const me = await db
      .selectFrom('users')
      .select(['id', 'company_id', 'role_id'])
      .where('email', '=', 'admin@demo.test')
      .executeTakeFirstOrThrow();
    const actor = { userId: me.id, companyId: me.company_id, roleId: me.role_id, permissions: [] };
    const id = await operations.create(db, {
      companyId: me.company_id,
      userId: me.id,
      kind: 'applicants.cv_bundle',
      params: { selection: selection(2, 520), ids: [], actor },
      total: 520,
    });
    let handler:
      ((payload: unknown, job: { id: number; attempt: number }) => Promise<void>) | null = null;
    const notices: unknown[][] = [];
    const jobs = new CvBundleJobs(
      operations,
      new CvBundleFilesRepository(db),
      { cvFiles: async () => ({ found: [], missing: [] }) },
      storage,
      () => ({
        resolve: async () => {
          throw new Error('the database went away');
        },
        rowsAfter: async () => [],
      }),
      () => ({ cvBundleFinished: async (...args: unknown[]) => void notices.push(args) }),
    );
    jobs.register({
      register: (_type: string, h: typeof handler) => void (handler = h),
      every: () => {},
    } as never);
    const payload = { operation_id: id, company_id: me.company_id };
    await expect(handler!(payload, { id: 1, attempt: 1 })).rejects.toThrow('went away');
    expect((await read(admin, id)).json<TCvBundleOperation>().status).toBe('queued');
    // A try that may be retried tells nobody; the last one tells the user it failed.
    expect(notices).toEqual([]);
    await expect(handler!(payload, { id: 1, attempt: 5 })).rejects.toThrow('went away');
    expect((await read(admin, id)).json<TCvBundleOperation>()).toMatchObject({
      status: 'failed',
      file: null,
    });
    expect(notices).toEqual([
      [me.company_id, me.id, { operationId: id, status: 'failed', count: 520 }],
    ]);
  });
});
