// `tsx bench/users.bench.ts`: latency of the users administration list, `GET /api/users`
// (issue 16 item 8), when Groupe Valmont holds USERS_BENCH_USERS users (default 5,000) spread
// over its roles, subsidiaries and groups, a tenth of them inactive, most of them signed in once,
// on the demo companies in a temporary SQLite file, and on PostgreSQL too when BENCH_DATABASE_URL
// is set (in a schema of its own, dropped at the end). The server runs in its own process
// (bench-server.ts, bench-harness.ts); autocannon measures 1 and 10 concurrent callers.
// Target: median under 10 ms with one caller for every list case.
import path from 'node:path';
import { sql } from 'kysely';
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

const USERS = Number(process.env.USERS_BENCH_USERS ?? 5_000);
const SECONDS = benchSeconds(3);
const TARGET_MS = 10;
const BATCH = 250;
const WARM_UP = 100;
const FIRST = ['Camille', 'Julien', 'Léa', 'Thomas', 'Nadia', 'Hugo', 'Inès', 'Louis', 'Chloé'];
const LAST = ['Martin', 'Bernard', 'Dubois', 'Moreau', 'Laurent', 'Simon', 'Michel', 'Garcia'];

await main();

/** The demo companies, then USERS users of Valmont; answers the ids the filtered cases name. */
async function generate(url: string, dir: string, schema?: string) {
  const database = createDatabase(url, schema ? { searchPath: schema } : {});
  await migrate(database);
  await reseedDemo(database, new LocalDiskStorage(path.join(dir, 'uploads')));
  const { db } = database;
  const company = (
    await db
      .selectFrom('companies')
      .select('id')
      .where('slug', '=', 'groupe-valmont')
      .executeTakeFirstOrThrow()
  ).id;
  const ids = async (table: 'roles' | 'subsidiaries' | 'user_groups') =>
    (
      await db
        .selectFrom(table)
        .select('id')
        .where('company_id', '=', company)
        .orderBy('id')
        .execute()
    ).map((r) => r.id);
  const roles = await ids('roles');
  const subsidiaries = await ids('subsidiaries');
  const groups = await ids('user_groups');
  const start = Date.now() - USERS * 60_000;
  for (let from = 0; from < USERS; from += BATCH) {
    const n = Math.min(BATCH, USERS - from);
    await db.transaction().execute(async (trx) => {
      const at = (i: number) => new Date(start + i * 60_000).toISOString();
      const users = await trx
        .insertInto('users')
        .values(
          Array.from({ length: n }, (_, k) => {
            const i = from + k;
            return {
              company_id: company,
              role_id: roles[i % roles.length]!,
              subsidiary_id: i % 3 === 0 ? null : subsidiaries[i % subsidiaries.length]!,
              firstname: FIRST[i % FIRST.length]!,
              lastname: `${LAST[(i * 7) % LAST.length]!} ${i}`,
              email: `user${i}@valmont.bench`,
              password_hash: null,
              img_src: null,
              language: 'fr',
              super_admin: false,
              partner_admin: false,
              partner_id: null,
              active: i % 10 !== 0,
              totp_secret: null,
              totp_enabled: false,
              totp_last_used_step: null,
              last_login_at: i % 4 === 0 ? null : at(i + 30),
              created_at: at(i),
              updated_at: at(i),
            };
          }),
        )
        .returning('id')
        .execute();
      const members = users.flatMap((u, k) =>
        (from + k) % 2 === 0
          ? [{ user_id: u.id, group_id: groups[(from + k) % groups.length]! }]
          : [],
      );
      if (members.length) await trx.insertInto('user_group_members').values(members).execute();
    });
  }
  // Statistics, as a database in use has them (the planner's choices depend on them).
  await sql`analyze`.execute(db);
  await database.destroy();
  return { roles, groups, subsidiaries };
}

/** Generates, measures and answers whether a list case missed the target. */
async function run(label: string, url: string, dir: string, schema?: string): Promise<boolean> {
  const t0 = Date.now();
  const { roles, groups, subsidiaries } = await generate(url, dir, schema);
  console.log(`Users, ${label}: ${USERS} users (generated in ${Date.now() - t0} ms)`);
  const server = await startBenchServer(url, {
    dataDir: dir,
    ...(schema ? { searchPath: schema } : {}),
  });
  try {
    const admin = await signIn(server.base, 'admin@demo.test', DEMO_PASSWORD);
    const list = '/api/users';
    const cases: BenchCase[] = [
      ['trivial route (GET /api/health), the ceiling', admin, '/api/health'],
      ['users, page 1 (lastname)', admin, list, TARGET_MS],
      ['users, page 3, -created_at', admin, `${list}?sort=-created_at&page=3`, TARGET_MS],
      ['users, -last_login_at', admin, `${list}?sort=-last_login_at`, TARGET_MS],
      [
        'users, filtered (role, active, subsidiary)',
        admin,
        `${list}?filter[role]=${roles[1]}&filter[active]=1&filter[subsidiary]=${subsidiaries[0]}`,
        TARGET_MS,
      ],
      [
        'users, filtered by group, email',
        admin,
        `${list}?filter[group]=${groups[0]}&sort=email`,
        TARGET_MS,
      ],
      [
        'users, search "bernard 1"',
        admin,
        `${list}?filter[q]=${encodeURIComponent('bernard 1')}`,
        TARGET_MS,
      ],
      ['users, pickers (GET /api/users/all)', admin, `${list}/all`],
    ];
    const { missed } = await measureCases(server.base, cases, SECONDS, { warmUp: WARM_UP });
    return missed.length > 0;
  } finally {
    await server.stop();
  }
}

async function main() {
  await runOnDatabases('users', run, `Users: a list median is not under ${TARGET_MS} ms`);
}
