// `tsx bench/mailings.bench.ts` (`npm run bench:mailings -w apps/server`): a bulk e-mail to
// MAILINGS_BENCH_RECIPIENTS applicants (default 10,000; issue 38 part 7) through the API as the web
// sends it, with the job worker in the server (as by default): the time until the mailing is done
// (every e-mail written to the outbox; the outbox's own send jobs run beside it, without SMTP), and
// the median of two list calls (the applicants list, the offers list) measured idle first, then
// while the mailing runs. On the demo companies in a temporary SQLite file, and on PostgreSQL too
// when BENCH_DATABASE_URL is set (in a schema of its own). The server runs in its own process.
// Targets: done under 120 s; each list's median while sending under 2 × its idle median.
import path from 'node:path';
import type { TMailing } from '@embauche/contracts/mailings';
import { createDatabase } from '../src/platform/db/database.ts';
import { migrate } from '../src/platform/db/migrate.ts';
import { LocalDiskStorage } from '../src/platform/storage/local-disk-storage.ts';
import { DEMO_PASSWORD, reseedDemo } from '../src/seed/demo-seed.ts';
import { insertApplicants } from '../test/support/insert-applicants.ts';
import { caller, measure, runOnDatabases, signIn, startBenchServer } from './bench-harness.ts';

const RECIPIENTS = Number(process.env.MAILINGS_BENCH_RECIPIENTS ?? 10_000);
const TARGET_MS = 120_000;
const SLOWDOWN = 2;
const BATCH = 500;
const LISTS = ['/api/applicants?per_page=20', '/api/projects/all/offers?per_page=20'] as const;

await runOnDatabases(
  'mailings',
  run,
  `Mailings: ${RECIPIENTS} e-mails not written under ${TARGET_MS} ms, or a list slowed past ${SLOWDOWN}×`,
);

/** The demo companies and RECIPIENTS applicants of Valmont with an address; answers their ids. */
async function generate(url: string, dir: string, schema?: string): Promise<number[]> {
  const database = createDatabase(url, schema ? { searchPath: schema } : {});
  await migrate(database);
  await reseedDemo(database, new LocalDiskStorage(path.join(dir, 'uploads')));
  const { db } = database;
  const company = await db
    .selectFrom('companies')
    .select('id')
    .where('slug', '=', 'groupe-valmont')
    .executeTakeFirstOrThrow();
  const offer = await db
    .selectFrom('offers')
    .select('id')
    .where('company_id', '=', company.id)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const ids: number[] = [];
  for (let from = 0; from < RECIPIENTS; from += BATCH) {
    const n = Math.min(BATCH, RECIPIENTS - from);
    await db.transaction().execute(async (trx) => {
      const made = await insertApplicants(
        trx,
        Array.from({ length: n }, (_, i) => ({
          company_id: company.id,
          firstname: `Prénom${from + i}`,
          lastname: `Envoi${from + i}`,
          email: `envoi${from + i}@bench.test`,
          offer_id: offer.id,
          created_at: new Date().toISOString(),
        })),
      );
      ids.push(...made.map((m) => m.applicant));
    });
  }
  await database.destroy();
  return ids;
}

async function run(label: string, url: string, dir: string, schema?: string): Promise<boolean> {
  const t0 = performance.now();
  const ids = await generate(url, dir, schema);
  console.log(
    `Mailings, ${label}: ${ids.length} applicants (generated in ${Math.round(performance.now() - t0)} ms)`,
  );
  process.env.BENCH_WORKER = '1';
  const server = await startBenchServer(url, {
    dataDir: dir,
    ...(schema ? { searchPath: schema } : {}),
  });
  try {
    const cookie = await signIn(server.base, 'admin@demo.test', DEMO_PASSWORD);
    const call = caller(server.base, cookie);
    const idle = new Map<string, number>();
    for (const list of LISTS) idle.set(list, (await measure(server.base, cookie, list, 1, 3)).p50);

    const t1 = performance.now();
    const res = await call('/api/mailings', {
      method: 'POST',
      body: JSON.stringify({
        recipients: { applicant_ids: ids },
        content: {
          subject: 'Votre candidature, {{candidate.firstname}}',
          mjml: '<mjml><mj-body><mj-section><mj-column><mj-text>Bonjour {{candidate.fullname}}, merci pour votre candidature. {{sender.fullname}}, {{company.name}}</mj-text><mj-button href="{{unsubscribe.link}}">Se désinscrire</mj-button></mj-column></mj-section></mj-body></mjml>',
        },
      }),
    });
    if (res.status !== 202)
      throw new Error(`POST /api/mailings: ${res.status} ${await res.text()}`);
    const { id } = (await res.json()) as TMailing;
    const created = performance.now() - t1;
    // The lists measured while the job writes, until it is done.
    let done = false;
    const busy = new Map<string, number[]>(LISTS.map((l) => [l, []]));
    const measuring = (async () => {
      while (!done)
        for (const list of LISTS) {
          if (done) break;
          busy.get(list)!.push((await measure(server.base, cookie, list, 1, 2)).p50);
        }
    })();
    let mailing: TMailing | undefined;
    while (performance.now() - t1 < TARGET_MS * 2) {
      mailing = (await (await call(`/api/mailings/${id}`)).json()) as TMailing;
      if (mailing.status === 'done') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const elapsed = performance.now() - t1;
    done = true;
    await measuring;
    const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] ?? NaN;
    console.log(
      `  POST /api/mailings answered in ${Math.round(created)} ms; done in ${Math.round(elapsed)} ms: ${mailing?.sent} sent, ${mailing?.skipped} skipped (${Math.round(((mailing?.sent ?? 0) / elapsed) * 1000)} e-mails/s)`,
    );
    let slow = mailing?.status !== 'done' || elapsed >= TARGET_MS;
    for (const list of LISTS) {
      const during = median(busy.get(list)!);
      const before = idle.get(list)!;
      const ratio = during / before;
      console.log(
        `  ${list.padEnd(40)} idle median ${before} ms, while sending ${during} ms (${ratio.toFixed(2)}×, ${busy.get(list)!.length} windows)`,
      );
      if (!(ratio < SLOWDOWN)) slow = true;
    }
    return slow;
  } finally {
    await server.stop();
  }
}
