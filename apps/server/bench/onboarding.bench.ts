// `npm run bench:onboarding`: onboarding (issue 41) when a company holds 20,000 new hires and
// 200,000 tasks (10 each, spread over five years of start dates, 65,000 of the tasks owned by the
// signed-in user). Targets (one caller's median): the `/onboarding` list and "my tasks" under
// 10 ms. SQLite always, PostgreSQL too with BENCH_DATABASE_URL. docs/onboarding.md "Speed".
import path from 'node:path';
import { sql } from 'kysely';
import { ONBOARDING_SYSTEM_STATUSES } from '@embauche/contracts/onboarding';
import { createDatabase } from '../src/platform/db/database.ts';
import { migrate } from '../src/platform/db/migrate.ts';
import { LocalDiskStorage } from '../src/platform/storage/local-disk-storage.ts';
import { DEMO_PASSWORD, reseedDemo } from '../src/seed/demo-seed.ts';
import { addDays } from '../src/modules/onboarding/onboarding-days.ts';
import { OnboardingConfigRepository } from '../src/modules/onboarding/onboarding-config.repository.ts';
import {
  benchSeconds,
  measureCases,
  runOnDatabases,
  signIn,
  startBenchServer,
  type BenchCase,
} from './bench-harness.ts';

const HIRES = Number(process.env.ONBOARDING_BENCH_HIRES ?? 20_000);
const TASKS_PER_HIRE = 10;
const SECONDS = benchSeconds(2);
const TARGET_MS = 10;
const BATCH = 500;

await runOnDatabases(
  'onboarding',
  run,
  'Onboarding: a median missed its target (list and my tasks 10 ms)',
);

async function run(label: string, url: string, dir: string, schema?: string): Promise<boolean> {
  const t0 = Date.now();
  const { managerId, statusId, owned } = await generate(url, dir, schema);
  console.log(
    `Onboarding, ${label}: ${HIRES} new hires × ${TASKS_PER_HIRE} tasks (generated in ${Date.now() - t0} ms)`,
  );
  const server = await startBenchServer(url, {
    dataDir: dir,
    ...(schema ? { searchPath: schema } : {}),
  });
  try {
    const cookie = await signIn(server.base, 'admin@demo.test', DEMO_PASSWORD);
    const cases: BenchCase[] = [
      ['trivial route (GET /api/health), the ceiling', '', '/api/health'],
      ['new hires, first page', cookie, '/api/onboardings', TARGET_MS],
      ['new hires, page 50', cookie, '/api/onboardings?page=50', TARGET_MS],
      [
        'new hires of a start month',
        cookie,
        '/api/onboardings?filter[start_month]=2026-03',
        TARGET_MS,
      ],
      [
        'new hires of a manager',
        cookie,
        `/api/onboardings?filter[manager_id]=${managerId}`,
        TARGET_MS,
      ],
      [
        'new hires in a status',
        cookie,
        `/api/onboardings?filter[status_id]=${statusId}`,
        TARGET_MS,
      ],
      ['new hires, name search', cookie, '/api/onboardings?search=martin'],
      ['board counts per status', cookie, '/api/onboardings/counts'],
      [
        `my tasks (${owned.toLocaleString('en')} owned), open first`,
        cookie,
        '/api/onboarding/my-tasks',
        TARGET_MS,
      ],
      ['my open tasks', cookie, '/api/onboarding/my-tasks?filter[done]=0', TARGET_MS],
    ];
    const { missed } = await measureCases(server.base, cases, SECONDS, { warmUp: 3 });
    return missed.length > 0;
  } finally {
    await server.stop();
  }
}

/** The demo companies, then Valmont's process, statuses, new hires and their tasks. */
async function generate(url: string, dir: string, schema?: string) {
  const database = createDatabase(url, schema ? { searchPath: schema } : {});
  try {
    await migrate(database);
    await reseedDemo(database, new LocalDiskStorage(path.join(dir, 'uploads')));
    const { db } = database;
    const admin = await db
      .selectFrom('users')
      .select(['id', 'company_id'])
      .where('email', '=', 'admin@demo.test')
      .executeTakeFirstOrThrow();
    const company = admin.company_id;
    const users = await db
      .selectFrom('users')
      .select('id')
      .where('company_id', '=', company)
      .where('active', '=', true)
      .execute();
    const managerId = users.find((u) => u.id !== admin.id)?.id ?? admin.id;
    const apps = await db
      .selectFrom('applications')
      .select(['id', 'applicant_id', 'offer_id'])
      .where('company_id', '=', company)
      .where('applicant_id', 'is not', null)
      .execute();
    const now = new Date().toISOString();
    const process = await db
      .insertInto('onboarding_processes')
      .values({ company_id: company, name: 'Banc', active: true, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The system statuses, as the demo wrote them (seed/demo-onboarding.ts), in their order.
    const config = new OnboardingConfigRepository(db);
    const statuses: number[] = [];
    for (const key of ONBOARDING_SYSTEM_STATUSES)
      statuses.push(await config.systemStatusId(company, key));
    const origin = '2023-01-02';
    for (let from = 0; from < HIRES; from += BATCH) {
      const count = Math.min(BATCH, HIRES - from);
      const rows = Array.from({ length: count }, (_, k) => {
        const i = from + k;
        const app = apps[i % apps.length]!;
        return {
          company_id: company,
          application_id: app.id,
          // Bench rows share applications: none holds the "open" key.
          open_application_id: null,
          applicant_id: app.applicant_id!,
          offer_id: app.offer_id,
          subsidiary_id: null,
          process_id: process.id,
          status_id: statuses[i % 3]!,
          start_date: addDays(origin, Math.floor((i * 5 * 365) / HIRES)),
          manager_id: users[i % users.length]!.id,
          address: null,
          first_day_contact: null,
          tasks_total: TASKS_PER_HIRE,
          tasks_done: i % (TASKS_PER_HIRE + 1),
          cancelled_at: null,
          created_by: admin.id,
          created_at: now,
          updated_at: now,
        };
      });
      const ids = await db.insertInto('onboardings').values(rows).returning('id').execute();
      const tasks = ids.flatMap((o, k) =>
        Array.from({ length: TASKS_PER_HIRE }, (_, t) => ({
          company_id: company,
          onboarding_id: o.id,
          title: `Tâche ${t + 1}`,
          kind: 'task',
          position: t,
          // Every hire's first task is the admin's, the rest spread over the company's active
          // users (the admin among them): the admin owns about a third (65,000 of 200,000).
          owner_id: t === 0 ? admin.id : users[(k + t) % users.length]!.id,
          due_date: addDays(rows[k]!.start_date, t * 3 - 10),
          done: t < rows[k]!.tasks_done,
          document_name: null,
          mail_model_id: null,
          mail_state: null,
          created_at: now,
          updated_at: now,
        })),
      );
      for (let t = 0; t < tasks.length; t += BATCH)
        await db
          .insertInto('onboarding_tasks')
          .values(tasks.slice(t, t + BATCH))
          .execute();
    }
    // PostgreSQL: the steady state autovacuum keeps (visibility map set, so that the counts read
    // the indexes alone), as generate.ts does for the other benches.
    if (database.dialect === 'postgres')
      await sql`vacuum analyze onboardings, onboarding_tasks`.execute(db);
    else await sql`analyze`.execute(db);
    const owned = await db
      .selectFrom('onboarding_tasks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('owner_id', '=', admin.id)
      .executeTakeFirstOrThrow();
    return { managerId, statusId: statuses[1]!, owned: Number(owned.n) };
  } finally {
    await database.destroy();
  }
}
