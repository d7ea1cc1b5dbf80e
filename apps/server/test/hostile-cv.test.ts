import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CV_TEXT_JOB } from '../src/modules/applicants/applicants.service.ts';
import { docxBomb, pdfBomb } from './support/hostile-files.ts';
import { multipart } from './support/multipart.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

// Issue 9: a CV built to exhaust the parser (decompression bomb) is refused by the background
// job, which dies at once with the reason, while the server keeps answering and the applicant
// keeps its file.
describe.each(testDatabases())('a hostile CV on $dialect', (testDb) => {
  let ctx: TestContext;
  let cookie: string;
  beforeAll(async () => {
    ctx = await startTestApp(testDb);
    cookie = await signIn(ctx.app, 'admin@demo.test');
  });
  afterAll(() => ctx.close());

  /** Runs the queued jobs while asking /api/health over and over; answers what health said. */
  async function drainWhileCheckingHealth() {
    let finished = false;
    const drained = ctx.app.worker.drain().finally(() => {
      finished = true;
    });
    const answers: { status: number; beforeTheEnd: boolean }[] = [];
    // Bounded, should the job never end.
    const until = Date.now() + 60_000;
    while (!finished && Date.now() < until) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
      answers.push({ status: res.statusCode, beforeTheEnd: !finished });
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    await drained;
    return answers;
  }

  const cases = [
    {
      name: 'a DOCX holding 37 MB of XML',
      file: () => docxBomb(37),
      filename: 'cv.docx',
      reason: 'CV text extraction refused: decompressed size over 20 MB',
    },
    {
      name: 'a DOCX holding 370 MB of XML',
      file: () => docxBomb(370),
      filename: 'cv.docx',
      reason: 'CV text extraction refused: decompressed size over 20 MB',
    },
    {
      name: 'a PDF whose content stream inflates to 300 MB',
      file: () => pdfBomb(300),
      filename: 'cv.pdf',
      reason: 'CV text extraction refused: decompressed size over 100 MB',
    },
  ];

  it.each(cases)('refuses $name and keeps the applicant and its CV', async (c) => {
    const file = c.file();
    const email = `bomb.${c.name.replace(/\W+/g, '.')}@exemple.fr`;
    const body = multipart({ firstname: 'Bombe', lastname: 'Zip', email }, [
      { field: 'cv', filename: c.filename, data: file },
    ]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/applicants/manual',
      payload: body.payload,
      headers: { ...body.headers, cookie },
    });
    expect(res.statusCode).toBe(201);
    const applicant = res.json().applicant as { id: number; cv: { url: string } };

    const health = await drainWhileCheckingHealth();
    // The event loop stayed free: health answered, and not only once the job was over.
    expect(health.every((h) => h.status === 200)).toBe(true);
    expect(health.filter((h) => h.beforeTheEnd).length).toBeGreaterThanOrEqual(3);

    const jobs = await ctx.database.db
      .selectFrom('jobs')
      .selectAll()
      .where('type', '=', CV_TEXT_JOB)
      .execute();
    const job = jobs.find(
      (j) => (JSON.parse(j.payload) as { applicant_id: number }).applicant_id === applicant.id,
    );
    // Dead at the first try, with the reason: no retries of a file that cannot be read.
    expect(job).toMatchObject({ status: 'dead', attempts: 1, last_error: c.reason });

    const row = await ctx.database.db
      .selectFrom('applicants')
      .select(['cv_text', 'cv_extracted_at', 'cv_key'])
      .where('id', '=', applicant.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ cv_text: null, cv_extracted_at: null });
    expect(row.cv_key).not.toBeNull();
    const shown = await ctx.app.inject({
      method: 'GET',
      url: `/api/applicants/${applicant.id}`,
      headers: { cookie },
    });
    expect(shown.json()).toMatchObject({
      firstname: 'Bombe',
      cv: { filename: c.filename, text_extracted: false },
    });
    const cv = await ctx.app.inject({ method: 'GET', url: applicant.cv.url, headers: { cookie } });
    expect(cv.statusCode).toBe(200);
    expect(cv.rawPayload.equals(file)).toBe(true);
  });
});
