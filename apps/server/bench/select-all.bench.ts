// `tsx bench/select-all.bench.ts` (`npm run bench:select-all -w apps/server`): "select all that
// match" + status change (issue 42 part 2) on SELECT_ALL_BENCH_APPLICATIONS applications of one
// offer (default 10,000, all "new"; big-offer.ts seeds it) through the API as the web sends it:
// the offer's list filtered on "new", its total as the confirmed count, PUT …/statuses with the
// selection, then the operation polled until done, with the job worker in the server. On the demo
// companies in a temporary SQLite file, and on PostgreSQL too when BENCH_DATABASE_URL is set (in a
// schema of its own). Target: done under 10 s, every application changed.
import type { TBulkOperation } from '@embauche/contracts/application-selection';
import { DEMO_PASSWORD } from '../src/seed/demo-seed.ts';
import {
  caller,
  pollOperation,
  runOnDatabases,
  signIn,
  startBenchServer,
} from './bench-harness.ts';
import { seedDemoBigOffer } from './demo-big-offer.ts';

const APPLICATIONS = Number(process.env.SELECT_ALL_BENCH_APPLICATIONS ?? 10_000);
const TARGET_MS = 10_000;

await runOnDatabases(
  'select_all',
  run,
  `Select all: ${APPLICATIONS} applications not changed under ${TARGET_MS} ms`,
);

/** The demo companies and one offer of Valmont with APPLICATIONS new applications. */
function generate(url: string, dir: string, schema?: string) {
  return seedDemoBigOffer(url, dir, schema, { applications: APPLICATIONS, distribution: { 1: 1 } });
}

async function run(label: string, url: string, dir: string, schema?: string): Promise<boolean> {
  const t0 = performance.now();
  const { projectId, offerId } = await generate(url, dir, schema);
  console.log(
    `Select all, ${label}: ${APPLICATIONS} applications (generated in ${Math.round(performance.now() - t0)} ms)`,
  );
  process.env.BENCH_WORKER = '1';
  const server = await startBenchServer(url, {
    dataDir: dir,
    ...(schema ? { searchPath: schema } : {}),
  });
  try {
    const cookie = await signIn(server.base, 'admin@demo.test', DEMO_PASSWORD);
    const call = caller(server.base, cookie);
    const t1 = performance.now();
    const list = await call(
      `/api/projects/${projectId}/offers/${offerId}/applications?page=1&filter[statuses]=1`,
    );
    const { total } = (await list.json()) as { total: number };
    const res = await call('/api/treatment/applications/statuses', {
      method: 'PUT',
      body: JSON.stringify({
        selection: {
          all: {
            list: 'offer',
            project_id: projectId,
            offer_id: offerId,
            filters: { 'filter[statuses]': '1' },
            count: total,
          },
        },
        status_id: 2,
      }),
    });
    if (res.status !== 202) throw new Error(`PUT …/statuses: ${res.status} ${await res.text()}`);
    const answered = performance.now() - t1;
    const queued = (await res.json()) as TBulkOperation;
    const op = await pollOperation(
      call,
      `/api/applications/bulk-operations/${queued.id}`,
      queued,
      t1,
      TARGET_MS * 6,
    );
    const elapsed = performance.now() - t1;
    console.log(
      `  ${total} matched; PUT answered in ${Math.round(answered)} ms; ${op.status} in ${Math.round(elapsed)} ms: ${op.changed} changed, skipped ${JSON.stringify(op.skipped)} (${Math.round((op.changed / elapsed) * 1000)} applications/s)`,
    );
    return op.status !== 'done' || op.changed !== APPLICATIONS || elapsed >= TARGET_MS;
  } finally {
    await server.stop();
  }
}
