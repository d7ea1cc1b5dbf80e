// `tsx bench/audit.bench.ts`: latency of the audit trail's config page, `GET /api/activity-logs`
// (issue 16 part 5), when Groupe Valmont holds AUDIT_BENCH_ENTRIES entries (default 100,000) over
// a year, by its three users and of every kind, and the other company 20,000 more; on the demo
// companies in a temporary SQLite file, and on PostgreSQL too when BENCH_DATABASE_URL is set (in a
// schema of its own, dropped at the end). The server runs in its own process (bench-server.ts,
// bench-harness.ts); autocannon measures 1 and 10 concurrent callers.
// Target: median under 10 ms with one caller for the first page and every filtered page.
import path from 'node:path';
import { sql } from 'kysely';
import { AUDIT_ACTIONS } from '@embauche/contracts/audit';
import { createDatabase } from '../src/platform/db/database.ts';
import { migrate } from '../src/platform/db/migrate.ts';
import { LocalDiskStorage } from '../src/platform/storage/local-disk-storage.ts';
import { DEMO_PASSWORD, reseedDemo } from '../src/seed/demo-seed.ts';
import {
  type BenchCase,
  benchSeconds,
  measureCases,
  runOnDatabases,
  signIn,
  startBenchServer,
} from './bench-harness.ts';

const ENTRIES = Number(process.env.AUDIT_BENCH_ENTRIES ?? 100_000);
const OTHER_ENTRIES = 20_000;
const SECONDS = benchSeconds(3);
const TARGET_MS = 10;
const BATCH = 500;
const WARM_UP = 100;
const YEAR_MS = 365 * 86_400_000;

await main();

/** The demo companies, then ENTRIES entries of Valmont and OTHER_ENTRIES of the other company. */
async function generate(url: string, dir: string, schema?: string) {
  const database = createDatabase(url, schema ? { searchPath: schema } : {});
  await migrate(database);
  await reseedDemo(database, new LocalDiskStorage(path.join(dir, 'uploads')));
  const { db } = database;
  const users = await db
    .selectFrom('users')
    .innerJoin('companies', 'companies.id', 'users.company_id')
    .select(['users.id', 'users.email', 'users.company_id', 'companies.slug'])
    .execute();
  const valmont = users.filter((u) => u.slug === 'groupe-valmont');
  const others = users.filter((u) => u.slug !== 'groupe-valmont');
  const now = Date.now();
  const fill = async (people: typeof users, count: number) => {
    for (let from = 0; from < count; from += BATCH) {
      const n = Math.min(BATCH, count - from);
      const rows = Array.from({ length: n }, (_, i) => {
        const k = from + i;
        const who = people[k % people.length]!;
        // Sign-ins are most of a real trail; every other kind shows up too.
        const action = k % 3 === 0 ? AUDIT_ACTIONS[k % AUDIT_ACTIONS.length]! : 'auth.sign_in';
        return {
          company_id: who.company_id,
          actor_user_id: who.id,
          acting_as_user_id: null,
          acting_as_company_id: null,
          action,
          target_type: action.startsWith('share.') ? 'share' : null,
          target_id: action.startsWith('share.') ? k : null,
          details: action === 'export.offers' ? JSON.stringify({ format: 'csv', offers: 3 }) : null,
          ip: `192.0.2.${k % 250}`,
          user_agent: 'Mozilla/5.0 (bench)',
          created_at: new Date(now - YEAR_MS + Math.floor((k * YEAR_MS) / count)).toISOString(),
        };
      });
      await db.insertInto('audit_log').values(rows).execute();
    }
  };
  await fill(valmont, ENTRIES);
  await fill(others, OTHER_ENTRIES);
  // Statistics, as a database in use has them (the planner's choices depend on them). On
  // PostgreSQL, autovacuum would have passed after 100,000 inserts too: its visibility map lets
  // the counts read the index alone.
  await sql`analyze`.execute(db);
  if (database.dialect === 'postgres') await sql`vacuum analyze audit_log`.execute(db);
  const recruiter = valmont.find((u) => u.email === 'recruiter@demo.test')!;
  await database.destroy();
  return { recruiterId: recruiter.id };
}

/** Generates, measures and answers whether a case missed the target. */
async function run(label: string, url: string, dir: string, schema?: string): Promise<boolean> {
  const t0 = Date.now();
  const { recruiterId } = await generate(url, dir, schema);
  console.log(`Audit trail, ${label}: ${ENTRIES} entries (generated in ${Date.now() - t0} ms)`);
  const server = await startBenchServer(url, {
    dataDir: dir,
    ...(schema ? { searchPath: schema } : {}),
  });
  try {
    const admin = await signIn(server.base, 'admin@demo.test', DEMO_PASSWORD);
    const page = '/api/activity-logs';
    const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10);
    const cases: BenchCase[] = [
      ['trivial route (GET /api/health), the ceiling', admin, '/api/health'],
      ['page 1', admin, page, TARGET_MS],
      ['page 50', admin, `${page}?page=50`, TARGET_MS],
      ['filter[action] (rare)', admin, `${page}?filter[action]=share.revoked`, TARGET_MS],
      ['filter[user]', admin, `${page}?filter[user]=${recruiterId}`, TARGET_MS],
      [
        'filter[from,to] (a month)',
        admin,
        `${page}?filter[from]=${day(60)}&filter[to]=${day(30)}`,
        TARGET_MS,
      ],
      ['filter[q] (name)', admin, `${page}?filter[q]=recruit`, TARGET_MS],
      [
        'every filter',
        admin,
        `${page}?filter[action]=auth.sign_in&filter[user]=${recruiterId}&filter[from]=${day(90)}`,
        TARGET_MS,
      ],
    ];
    const { missed } = await measureCases(server.base, cases, SECONDS, { warmUp: WARM_UP });
    return missed.length > 0;
  } finally {
    await server.stop();
  }
}

async function main() {
  await runOnDatabases('audit', run, `Audit trail: a median is not under ${TARGET_MS} ms`);
}
