// `npm run bench:statistics` (in `npm run bench`): latency of the statistics calls (issue 40,
// docs/statistics.md) over one year ending today, compared with the year before, on the generated
// benchmark company (generate.ts: its applications with their status paths, 3 to 4 history rows
// each, and the daily sums rebuilt from them), with 1 and 10 concurrent callers. The company's
// whole scope reads its daily sums, filters those per group of offers, per offer or per job board,
// and offers and a job board at once those of the groups or offers on the board. SQLite in a
// temporary file always,
// PostgreSQL too when BENCH_DATABASE_URL is set (a schema of its own, dropped at the end).
// `BENCH_SCALE=1m` adds the 1,000,000-application company. Target: median under 150 ms with one
// caller for every call.
import { sql, type SqlBool } from 'kysely';
import { createDatabase, type Database } from '../src/platform/db/database.ts';
import { hashPassword } from '../src/platform/auth/password.ts';
import { newUserRow } from '../src/platform/db/new-user.ts';
import { migrate } from '../src/platform/db/migrate.ts';
import {
  type BenchCase,
  benchSeconds,
  measureCases,
  runOnDatabases,
  signIn,
  startBenchServer,
} from './bench-harness.ts';
import { EMAIL, PASSWORD, SIZES, type BenchSize } from './bench-sizes.ts';
import { generate } from './generate.ts';

const SECONDS = benchSeconds(3);
const TARGET_MS = 150;
const SCALE = process.env.BENCH_SCALE;

const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10);

const SCOPED_EMAIL = 'scoped@bench.test';

/**
 * A user without `project.see_all` (statistics.access only): a member of the first folder (its
 * sub-projects whole) and granted every 40th other offer, scattered: their figures are the group
 * sums of the projects they see whole plus the per-offer sums of the granted ones.
 */
async function addScopedUser(database: Database): Promise<void> {
  const { db } = database;
  const admin = await db
    .selectFrom('users')
    .select(['company_id', 'role_id'])
    .where('email', '=', EMAIL)
    .executeTakeFirstOrThrow();
  const company = admin.company_id;
  const at = new Date().toISOString();
  const role = await db
    .insertInto('roles')
    // A role under the company's root role (one root per company).
    .values({
      company_id: company,
      name: 'Chargé de recrutement',
      parent_id: admin.role_id,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('role_permissions')
    .values({ role_id: role.id, permission: 'statistics.access' })
    .execute();
  const user = await db
    .insertInto('users')
    .values({
      ...newUserRow(
        {
          company_id: company,
          role_id: role.id,
          subsidiary_id: null,
          firstname: 'Scoped',
          lastname: 'Recruiter',
          email: SCOPED_EMAIL,
          language: 'fr',
        },
        at,
      ),
      password_hash: await hashPassword(PASSWORD),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const folder = await db
    .selectFrom('projects')
    .select('id')
    .where('company_id', '=', company)
    .where('parent_id', 'is', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('project_users')
    .values({ company_id: company, project_id: folder.id, user_id: user.id })
    .execute();
  const offers = await db
    .selectFrom('offers')
    .select('id')
    .where('company_id', '=', company)
    .where(sql<SqlBool>`id % 40 = 0`)
    .execute();
  for (let i = 0; i < offers.length; i += 500)
    await db
      .insertInto('offer_users')
      .values(
        offers
          .slice(i, i + 500)
          .map((o) => ({ company_id: company, offer_id: o.id, user_id: user.id })),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
}

async function cases(base: string, cookie: string): Promise<BenchCase[]> {
  const get = async <T>(url: string) =>
    (await (await fetch(`${base}${url}`, { headers: { cookie } })).json()) as T;
  const tree = await get<{ children: { id: number }[] }>('/api/projects/all/tree');
  const folder = tree.children[0]!.id;
  const me = (await get<{ id: number }>('/api/me')).id;
  const year = `from=${day(364)}&to=${day(0)}&compare=1`;
  const whole: BenchCase[] = ['funnel', 'times', 'sources', 'volume', 'offers', 'activity'].map(
    (kind) => [
      `${kind}, whole company, one year`,
      cookie,
      `/api/statistics/${kind}?${year}`,
      TARGET_MS,
    ],
  );
  return [
    ...whole,
    [
      'volume per day, whole company, one year',
      cookie,
      `/api/statistics/volume?${year}&granularity=day`,
      TARGET_MS,
    ],
    ['options', cookie, '/api/statistics/options', TARGET_MS],
    // Filtered: the sums per offer, per group of offers (project, contract type), per job board.
    [
      'funnel, one offer (the big one)',
      cookie,
      `/api/statistics/funnel?${year}&offer_id=2`,
      TARGET_MS,
    ],
    [
      'funnel, one folder (1/50 of the offers)',
      cookie,
      `/api/statistics/funnel?${year}&project_id=${folder}`,
      TARGET_MS,
    ],
    ['times, one folder', cookie, `/api/statistics/times?${year}&project_id=${folder}`, TARGET_MS],
    ['sources, one job board (1/3)', cookie, `/api/statistics/sources?${year}&source=1`, TARGET_MS],
    [
      'volume, contract type cdd (1/3 of the offers)',
      cookie,
      `/api/statistics/volume?${year}&contract_type=cdd`,
      TARGET_MS,
    ],
    [
      'funnel, recruiter (the bench user: every offer, per-offer sums)',
      cookie,
      `/api/statistics/funnel?${year}&recruiter_id=${me}`,
      TARGET_MS,
    ],
    // Offers and a job board at once: the groups' and offers' sums on that board.
    [
      'funnel, one folder and one job board',
      cookie,
      `/api/statistics/funnel?${year}&project_id=${folder}&source=1`,
      TARGET_MS,
    ],
    [
      'sources, contract type cdd and one job board',
      cookie,
      `/api/statistics/sources?${year}&contract_type=cdd&source=1`,
      TARGET_MS,
    ],
    [
      'funnel, recruiter and one job board',
      cookie,
      `/api/statistics/funnel?${year}&recruiter_id=${me}&source=1`,
      TARGET_MS,
    ],
  ];
}

async function runSize(size: BenchSize) {
  await runOnDatabases(
    `statistics_${size.name}`,
    async (label, url, _dir, schema) => {
      const database = createDatabase(url, schema ? { searchPath: schema } : {});
      const started = Date.now();
      try {
        await migrate(database);
        await generate(database, size, url, schema);
        await addScopedUser(database);
      } finally {
        await database.destroy();
      }
      console.log(
        `\n${label}, ${size.name} size: generated ${size.applications} applications with their history and daily sums in ${((Date.now() - started) / 1000).toFixed(1)} s; ${SECONDS} s per call and caller count`,
      );
      const { base, stop } = await startBenchServer(url, schema ? { searchPath: schema } : {});
      try {
        const cookie = await signIn(base, EMAIL, PASSWORD);
        const scoped = await signIn(base, SCOPED_EMAIL, PASSWORD);
        const year = `from=${day(364)}&to=${day(0)}&compare=1`;
        const scopedCases: BenchCase[] = ['funnel', 'times', 'sources', 'offers', 'activity'].map(
          (kind) => [
            `${kind}, a scoped user (one folder whole + every 40th offer)`,
            scoped,
            `/api/statistics/${kind}?${year}`,
            TARGET_MS,
          ],
        );
        const all = [...(await cases(base, cookie)), ...scopedCases];
        const { missed } = await measureCases(base, all, SECONDS, {
          warmUp: 3,
        });
        return missed.length > 0;
      } finally {
        await stop();
      }
    },
    `statistics: a call's median was not under ${TARGET_MS} ms`,
  );
}

// `BENCH_SKIP_DEFAULT=1` with BENCH_SCALE measures the large company alone.
const sizes = [
  ...(process.env.BENCH_SKIP_DEFAULT && SCALE ? [] : [SIZES.default!]),
  ...(SCALE && SIZES[SCALE] ? [SIZES[SCALE]] : []),
];
for (const size of sizes) await runSize(size);
