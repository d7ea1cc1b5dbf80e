// `tsx bench/recruitment-lists.bench.ts`: latency of the recruitment lists sheet's first page,
// `GET /api/recruitment-lists` (issue 15 item 4), when Groupe Valmont holds RL_BENCH_LISTS lists
// (default 1,000) of its three users — the admin's own ones, private and shared, the recruiter's
// shared with the admin, and the manager's that the admin does not see — each with a few
// applicants, on the demo companies in a temporary SQLite file, and on PostgreSQL too when
// BENCH_DATABASE_URL is set (in a schema of its own, dropped at the end). The server runs in its own process
// (bench-server.ts, bench-harness.ts); autocannon measures 1 and 10 concurrent callers.
// Target: median under 10 ms with one caller for every sheet case.
// Then one big list (RL_BENCH_BIG entries, default 20,000: new applicants, every other one on an
// offer of a project the manager does not see), the admin's, collaborative, shared with the
// manager: its detail and its applicants' first page as the admin (sees everyone) and as the
// manager (issue 33 item 7: only the applicants they see, the others counted as hidden).
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { createDatabase } from '../src/platform/db/database.ts';
import type { DB } from '../src/platform/db/schema.ts';
import { migrate } from '../src/platform/db/migrate.ts';
import { LocalDiskStorage } from '../src/platform/storage/local-disk-storage.ts';
import { DEMO_PASSWORD, reseedDemo } from '../src/seed/demo-seed.ts';
import { insertApplicants } from '../test/support/insert-applicants.ts';
import {
  type BenchCase,
  benchSeconds,
  measureCases,
  runOnDatabases,
  signIn,
  startBenchServer,
} from './bench-harness.ts';

const LISTS = Number(process.env.RL_BENCH_LISTS ?? 1_000);
/** Entries of the big list. */
const BIG = Number(process.env.RL_BENCH_BIG ?? 20_000);
/** Target of the big list's page of applicants (two counts over every entry for a scoped user). */
const BIG_TARGET_MS = 25;
/** Applicants per list: 0 to this many − 1. */
const PER_LIST = 12;
const SECONDS = benchSeconds(3);
const TARGET_MS = 10;
const BATCH = 200;
const WARM_UP = 100;

await main();

/** The demo companies, then LISTS lists of Valmont's admin, recruiter and manager. */
async function generate(url: string, dir: string, schema?: string) {
  const database = createDatabase(url, schema ? { searchPath: schema } : {});
  await migrate(database);
  await reseedDemo(database, new LocalDiskStorage(path.join(dir, 'uploads')));
  const { db } = database;
  const company = await db
    .selectFrom('companies')
    .select('id')
    .where('slug', '=', 'groupe-valmont')
    .executeTakeFirstOrThrow();
  const userOf = async (email: string) =>
    (
      await db
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .where('company_id', '=', company.id)
        .executeTakeFirstOrThrow()
    ).id;
  const admin = await userOf('admin@demo.test');
  const recruiter = await userOf('recruiter@demo.test');
  const manager = await userOf('manager@demo.test');
  const applicants = (
    await db
      .selectFrom('applicants')
      .select('id')
      .where('company_id', '=', company.id)
      .orderBy('id')
      .execute()
  ).map((r) => r.id);
  const start = Date.now() - LISTS * 60_000;
  for (let from = 0; from < LISTS; from += BATCH) {
    const n = Math.min(BATCH, LISTS - from);
    await db.transaction().execute(async (trx) => {
      const at = (i: number) => new Date(start + (from + i) * 60_000).toISOString();
      // 40 % the admin's (half private), 40 % the recruiter's shared with the admin, 20 % the
      // manager's private ones.
      const shape = (i: number) => {
        const k = (from + i) % 5;
        if (k < 2) return { creator: admin, private: k === 0, shareWith: k === 0 ? [] : [manager] };
        if (k < 4) return { creator: recruiter, private: false, shareWith: [admin] };
        return { creator: manager, private: true, shareWith: [] };
      };
      const amount = (i: number) => Math.min((from + i) % PER_LIST, applicants.length);
      const lists = await trx
        .insertInto('recruitment_lists')
        .values(
          Array.from({ length: n }, (_, i) => ({
            company_id: company.id,
            creator_id: shape(i).creator,
            name: `Vivier ${from + i}`,
            description: (from + i) % 3 === 0 ? null : `Description ${from + i}`,
            private: shape(i).private,
            collaborative: (from + i) % 2 === 0,
            applicant_amount: amount(i),
            created_at: at(i),
            updated_at: at(i),
          })),
        )
        .returning('id')
        .execute();
      const users = lists.flatMap((l, i) =>
        shape(i).shareWith.map((user_id) => ({ list_id: l.id, user_id })),
      );
      if (users.length) await trx.insertInto('recruitment_list_users').values(users).execute();
      const entries = lists.flatMap((l, i) =>
        Array.from({ length: amount(i) }, (_, j) => ({
          list_id: l.id,
          applicant_id: applicants[(from + i + j) % applicants.length]!,
          added_by: shape(i).creator,
          added_at: at(i),
        })),
      );
      if (entries.length)
        await trx.insertInto('recruitment_list_applicants').values(entries).execute();
    });
  }
  const big = await bigList(db, company.id, admin, manager);
  // Statistics, as a database in use has them (the planner's choices depend on them).
  await sql`analyze`.execute(db);
  const total = await db
    .selectFrom('recruitment_lists')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', company.id)
    .executeTakeFirstOrThrow();
  await database.destroy();
  return { total: Number(total.n), big };
}

/**
 * BIG new applicants, alternately on an offer of a project the manager is a user of and on one
 * of a project they are not, all in one collaborative list of the admin shared with the manager;
 * answers the list's id.
 */
async function bigList(db: Kysely<DB>, companyId: number, admin: number, manager: number) {
  const managerProjects = db
    .selectFrom('project_users')
    .select('project_id')
    .where('user_id', '=', manager);
  const offer = async (inside: boolean) =>
    (
      await db
        .selectFrom('offers')
        .select('id')
        .where('company_id', '=', companyId)
        .where('project_id', inside ? 'in' : 'not in', managerProjects)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
  const [inside, outside] = [await offer(true), await offer(false)];
  const now = new Date().toISOString();
  const list = await db
    .insertInto('recruitment_lists')
    .values({
      company_id: companyId,
      creator_id: admin,
      name: 'Grand vivier',
      description: null,
      private: false,
      collaborative: true,
      applicant_amount: BIG,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('recruitment_list_users')
    .values({ list_id: list.id, user_id: manager })
    .execute();
  const start = Date.now() - BIG * 1_000;
  for (let from = 0; from < BIG; from += BATCH) {
    const n = Math.min(BATCH, BIG - from);
    await db.transaction().execute(async (trx) => {
      const at = (i: number) => new Date(start + (from + i) * 1_000).toISOString();
      const made = await insertApplicants(
        trx,
        Array.from({ length: n }, (_, i) => ({
          company_id: companyId,
          firstname: `Prénom${from + i}`,
          lastname: `Vivier${from + i}`,
          email: `vivier${from + i}@bench.test`,
          offer_id: (from + i) % 2 === 0 ? inside : outside,
          created_at: at(i),
        })),
      );
      await trx
        .insertInto('recruitment_list_applicants')
        .values(
          made.map((m, i) => ({
            list_id: list.id,
            applicant_id: m.applicant,
            added_by: admin,
            added_at: at(i),
          })),
        )
        .execute();
    });
  }
  return list.id;
}

/** Generates, measures and answers whether a sheet case missed the target. */
async function run(label: string, url: string, dir: string, schema?: string): Promise<boolean> {
  let slow = false;
  const t0 = Date.now();
  const { total, big } = await generate(url, dir, schema);
  console.log(
    `Recruitment lists, ${label}: ${total} lists and one of ${BIG} entries (generated in ${Date.now() - t0} ms)`,
  );
  const server = await startBenchServer(url, {
    dataDir: dir,
    ...(schema ? { searchPath: schema } : {}),
  });
  try {
    const admin = await signIn(server.base, 'admin@demo.test', DEMO_PASSWORD);
    const manager = await signIn(server.base, 'manager@demo.test', DEMO_PASSWORD);
    const sheet = '/api/recruitment-lists';
    const bigUrl = `${sheet}/${big}`;
    const cases: BenchCase[] = [
      ['trivial route (GET /api/health), the ceiling', admin, '/api/health'],
      ['sheet, page 1 (date_desc)', admin, sheet, TARGET_MS],
      ['sheet, page 1, name_asc', admin, `${sheet}?sort=name_asc`, TARGET_MS],
      [
        'sheet, page 1, applicant_amount_desc',
        admin,
        `${sheet}?sort=applicant_amount_desc`,
        TARGET_MS,
      ],
      ['sheet, own_private', admin, `${sheet}?filter[source]=own_private`, TARGET_MS],
      ['sheet, own_shared', admin, `${sheet}?filter[source]=own_shared`, TARGET_MS],
      ['sheet, shared with me', admin, `${sheet}?filter[source]=shared`, TARGET_MS],
      [`big list (${BIG}), applicants page 1, admin`, admin, `${bigUrl}/applicants`, BIG_TARGET_MS],
      [
        `big list (${BIG}), applicants page 1, manager`,
        manager,
        `${bigUrl}/applicants`,
        BIG_TARGET_MS,
      ],
      [`big list (${BIG}), page 100, manager`, manager, `${bigUrl}/applicants?page=100`],
      [`big list (${BIG}), search, manager`, manager, `${bigUrl}/applicants?search=vivier12`],
      [`big list (${BIG}), detail (ids), admin`, admin, bigUrl],
      [`big list (${BIG}), detail (ids), manager`, manager, bigUrl],
    ];
    for (const [who, cookie] of [
      ['admin', admin],
      ['manager', manager],
    ] as const) {
      const page = (await (
        await fetch(`${server.base}${bigUrl}/applicants`, { headers: { cookie } })
      ).json()) as { total: number; hidden?: number };
      console.log(`  big list as the ${who}: ${page.total} shown, ${page.hidden ?? 0} hidden`);
    }
    const { missed } = await measureCases(server.base, cases, SECONDS, { warmUp: WARM_UP });
    slow = missed.length > 0;
  } finally {
    await server.stop();
  }
  return slow;
}

async function main() {
  await runOnDatabases('rl', run, `Recruitment lists: a sheet median is not under ${TARGET_MS} ms`);
}
