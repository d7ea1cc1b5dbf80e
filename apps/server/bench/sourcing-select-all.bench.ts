// `tsx bench/sourcing-select-all.bench.ts` (`npm run bench:sourcing-select-all -w apps/server`):
// "select all that match" of a sourcing search (issue 42 part 2) on SOURCING_BENCH_APPLICANTS
// applicants (default 10,000: one offer's new applicants, big-offer.ts, each indexed with a CV
// saying "Soudeur TIG benchsourcing") through the API as the web sends it: the search's first
// page (its total is the count shown), the count checked by the server (one less sent: a 409
// answers it), then "add all that match to a list" — 202, the job
// recruitment_lists.bulk_applicants — polled until done, with the job worker in the server. On
// the demo companies in a temporary SQLite file, and on PostgreSQL too when BENCH_DATABASE_URL is
// set (in a schema of its own). Targets: the search's page and the count under 500 ms each, the
// addition done under 10 s, every applicant added.
import type { TBulkOperation } from '@embauche/contracts/application-selection';
import { sql } from 'kysely';
import { searchDocument, writeSearchRows } from '../src/platform/db/applicant-search.ts';
import { createDatabase } from '../src/platform/db/database.ts';
import { DEMO_PASSWORD } from '../src/seed/demo-seed.ts';
import {
  caller,
  pollOperation,
  runOnDatabases,
  signIn,
  startBenchServer,
} from './bench-harness.ts';
import { seedDemoBigOffer } from './demo-big-offer.ts';

const APPLICANTS = Number(process.env.SOURCING_BENCH_APPLICANTS ?? 10_000);
const WORD = 'benchsourcing';
const COUNT_TARGET_MS = 500;
const TARGET_MS = 10_000;

await runOnDatabases(
  'sourcing_select_all',
  run,
  `Sourcing select all: ${APPLICANTS} applicants not counted under ${COUNT_TARGET_MS} ms or not added to a list under ${TARGET_MS} ms`,
);

/** The demo companies and APPLICANTS new applicants of one offer of Valmont, found by WORD. */
async function generate(url: string, dir: string, schema?: string) {
  const { offerId } = await seedDemoBigOffer(url, dir, schema, {
    applications: APPLICANTS,
    distribution: { 1: 1 },
  });
  const database = createDatabase(url, schema ? { searchPath: schema } : {});
  try {
    const { db } = database;
    const rows = await db
      .selectFrom('applications')
      .innerJoin('applicants', 'applicants.id', 'applications.applicant_id')
      .select([
        'applicants.id',
        'applicants.company_id',
        'applicants.firstname',
        'applicants.lastname',
        'applicants.email',
      ])
      .where('applications.offer_id', '=', offerId)
      .execute();
    const ids = rows.map((r) => r.id);
    // Rows the seed may have indexed already are written again with the word.
    const key = sql.ref(database.dialect === 'postgres' ? 'applicant_id' : 'rowid');
    for (let i = 0; i < ids.length; i += 500)
      await sql`delete from applicant_search where ${key} in (${sql.join(ids.slice(i, i + 500))})`.execute(
        db,
      );
    await writeSearchRows(
      db,
      database.dialect,
      rows.map((r) => ({
        companyId: r.company_id!,
        applicantId: r.id,
        doc: searchDocument({
          name: `${r.firstname} ${r.lastname}`,
          email: r.email,
          tags: [],
          cvText: `Soudeur TIG ${WORD} ${r.id}`,
        }),
      })),
    );
  } finally {
    await database.destroy();
  }
}

async function run(label: string, url: string, dir: string, schema?: string): Promise<boolean> {
  const t0 = performance.now();
  await generate(url, dir, schema);
  console.log(
    `Sourcing select all, ${label}: ${APPLICANTS} applicants (generated in ${Math.round(performance.now() - t0)} ms)`,
  );
  process.env.BENCH_WORKER = '1';
  const server = await startBenchServer(url, {
    dataDir: dir,
    ...(schema ? { searchPath: schema } : {}),
  });
  try {
    const cookie = await signIn(server.base, 'admin@demo.test', DEMO_PASSWORD);
    const call = caller(server.base, cookie);
    const created = await call('/api/recruitment-lists', {
      method: 'POST',
      body: JSON.stringify({ name: 'Soudeurs du banc', type: 'private' }),
    });
    const listId = ((await created.json()) as { id: number }).id;
    const add = (count: number) =>
      call(`/api/recruitment-lists/${listId}/applicants`, {
        method: 'POST',
        body: JSON.stringify({
          selection: { all: { source: 'sourcing', filters: { q: WORD }, count } },
        }),
      });

    // The search's first page: what the web shows, its total the count confirmed.
    const t1 = performance.now();
    const page = await call(`/api/sourcing/search?q=${WORD}&page=1&per_page=20`);
    const { total } = (await page.json()) as { total: number };
    const searched = performance.now() - t1;
    // The server's own count of the selection (one less than shown: 409 with the count).
    const t2 = performance.now();
    const changed = await add(total - 1);
    const counted = performance.now() - t2;
    if (changed.status !== 409) throw new Error(`409 expected: ${changed.status}`);

    const t3 = performance.now();
    const res = await add(total);
    if (res.status !== 202) throw new Error(`POST …/applicants: ${res.status} ${await res.text()}`);
    const answered = performance.now() - t3;
    const queued = (await res.json()) as TBulkOperation;
    const op = await pollOperation(
      call,
      `/api/recruitment-lists/bulk-operations/${queued.id}`,
      queued,
      t3,
      TARGET_MS * 6,
    );
    const elapsed = performance.now() - t3;
    const list = (await (await call(`/api/recruitment-lists/${listId}`)).json()) as {
      applicant_amount: number;
    };
    console.log(
      `  ${total} matched; the search's page in ${Math.round(searched)} ms, the count (409) in ${Math.round(counted)} ms; POST answered in ${Math.round(answered)} ms; ${op.status} in ${Math.round(elapsed)} ms: ${op.changed} added, skipped ${JSON.stringify(op.skipped)} (${Math.round((op.changed / elapsed) * 1000)} applicants/s); the list holds ${list.applicant_amount}`,
    );
    return (
      total !== APPLICANTS ||
      op.status !== 'done' ||
      op.changed !== APPLICANTS ||
      list.applicant_amount !== APPLICANTS ||
      searched >= COUNT_TARGET_MS ||
      counted >= COUNT_TARGET_MS ||
      elapsed >= TARGET_MS
    );
  } finally {
    await server.stop();
  }
}
