// `npm run bench:planner` (and the end of `npm run bench`): the planner (issue 39) when each of 10
// colleagues holds 2,000 appointments spread over three years (two back, one ahead). Targets (one
// caller's median): a template's free slots over 14 days with 5 interviewers under 20 ms, the week
// view of the 10 colleagues under 30 ms. SQLite always, PostgreSQL too with BENCH_DATABASE_URL.
// docs/planner.md "Speed".
import path from 'node:path';
import { sql } from 'kysely';
import { createDatabase } from '../src/platform/db/database.ts';
import { migrate } from '../src/platform/db/migrate.ts';
import { LocalDiskStorage } from '../src/platform/storage/local-disk-storage.ts';
import { DEMO_PASSWORD, reseedDemo } from '../src/seed/demo-seed.ts';
import {
  benchSeconds,
  measureCases,
  runOnDatabases,
  signIn,
  startBenchServer,
  type BenchCase,
} from './bench-harness.ts';

const PER_USER = Number(process.env.PLANNER_BENCH_APPOINTMENTS ?? 2_000);
const USERS = 10;
const INTERVIEWERS = 5;
const SECONDS = benchSeconds(2);
const SLOTS_TARGET_MS = 20;
const WEEK_TARGET_MS = 30;
const DAY = 86_400_000;
const SPAN_DAYS = 3 * 365;

await runOnDatabases(
  'planner',
  run,
  'Planner: a median missed its target (free slots 20 ms, week of 10 colleagues 30 ms)',
);

async function run(label: string, url: string, dir: string, schema?: string): Promise<boolean> {
  const t0 = Date.now();
  const { templateId, userIds } = await generate(url, dir, schema);
  console.log(
    `Planner, ${label}: ${USERS} colleagues × ${PER_USER} appointments (generated in ${Date.now() - t0} ms)`,
  );
  const server = await startBenchServer(url, {
    dataDir: dir,
    ...(schema ? { searchPath: schema } : {}),
  });
  try {
    const cookie = await signIn(server.base, 'admin@demo.test', DEMO_PASSWORD);
    // The coming week and fortnight, from next Monday 00:00 UTC.
    const monday = new Date();
    monday.setUTCHours(0, 0, 0, 0);
    monday.setUTCDate(monday.getUTCDate() + ((8 - monday.getUTCDay()) % 7 || 7));
    const from = monday.toISOString();
    const week = new Date(monday.getTime() + 7 * DAY).toISOString();
    const fortnight = new Date(monday.getTime() + 14 * DAY).toISOString();
    const cases: BenchCase[] = [
      ['trivial route (GET /api/health), the ceiling', '', '/api/health'],
      [
        'free slots of a template, 5 interviewers, 14 days',
        cookie,
        `/api/planner/templates/${templateId}/slots?from=${from}&to=${fortnight}`,
        SLOTS_TARGET_MS,
      ],
      [
        'week view of 10 colleagues',
        cookie,
        `/api/planner/appointments?from=${from}&to=${week}&user_ids=${userIds.join(',')}`,
        WEEK_TARGET_MS,
      ],
      [
        'conflicts of 10 colleagues over a day',
        cookie,
        `/api/planner/conflicts?start_at=${from}&end_at=${new Date(monday.getTime() + DAY).toISOString()}&user_ids=${userIds.join(',')}`,
      ],
    ];
    const { missed } = await measureCases(server.base, cases, SECONDS, { warmUp: 3 });
    return missed.length > 0;
  } finally {
    await server.stop();
  }
}

/** The demo companies, 10 users of Valmont (admin first), a template, the appointments. */
async function generate(url: string, dir: string, schema?: string) {
  const database = createDatabase(url, schema ? { searchPath: schema } : {});
  try {
    await migrate(database);
    await reseedDemo(database, new LocalDiskStorage(path.join(dir, 'uploads')));
    const { db } = database;
    const admin = await db
      .selectFrom('users')
      .select(['id', 'company_id', 'role_id', 'password_hash'])
      .where('email', '=', 'admin@demo.test')
      .executeTakeFirstOrThrow();
    const company = admin.company_id;
    const now = new Date().toISOString();
    const others = await db
      .insertInto('users')
      .values(
        Array.from({ length: USERS - 1 }, (_, i) => ({
          company_id: company,
          role_id: admin.role_id,
          subsidiary_id: null,
          firstname: `Collègue${i + 1}`,
          lastname: 'Planning',
          email: `planner-bench-${i + 1}@demo.test`,
          password_hash: admin.password_hash,
          img_src: null,
          language: 'fr',
          super_admin: false,
          partner_admin: false,
          partner_id: null,
          active: true,
          totp_secret: null,
          totp_enabled: false,
          totp_last_used_step: null,
          last_login_at: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning('id')
      .execute();
    const userIds = [admin.id, ...others.map((o) => o.id)];
    const day = [
      { start: '09:00', end: '12:00' },
      { start: '14:00', end: '18:00' },
    ];
    const template = await db
      .insertInto('appointment_templates')
      .values({
        company_id: company,
        name: 'Entretien du banc',
        duration_minutes: 30,
        buffer_before_minutes: 10,
        buffer_after_minutes: 10,
        slot_step_minutes: 15,
        location_kind: 'address',
        location: 'Siège',
        time_zone: 'Europe/Paris',
        availability: JSON.stringify({
          mode: 'shared',
          weekly_hours: { mon: day, tue: day, wed: day, thu: day, fri: day, sat: [], sun: [] },
          interviewer_hours: [],
          exceptions: [],
        }),
        horizon_days: 60,
        min_notice_minutes: 60,
        mail_models: JSON.stringify({
          invitation: null,
          reminder: null,
          change: null,
          cancellation: null,
        }),
        created_by: admin.id,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('appointment_template_interviewers')
      .values(
        userIds
          .slice(0, INTERVIEWERS)
          .map((user_id, position) => ({ template_id: template.id, user_id, position })),
      )
      .execute();
    const applicants = await db
      .selectFrom('applicants')
      .select('id')
      .where('company_id', '=', company)
      .limit(200)
      .execute();
    // Each user's appointments at working hours, two years back to one year ahead.
    const origin = Date.now() - 2 * 365 * DAY;
    for (const [u, userId] of userIds.entries()) {
      for (let from = 0; from < PER_USER; from += 250) {
        const rows = Array.from({ length: Math.min(250, PER_USER - from) }, (_, k) => {
          const i = from + k;
          const dayIndex = Math.floor((i * SPAN_DAYS) / PER_USER);
          const start = new Date(origin + dayIndex * DAY);
          start.setUTCHours(8 + ((i + u) % 8), (i % 2) * 30, 0, 0);
          return {
            company_id: company,
            template_id: null,
            title: `Entretien ${i + 1}`,
            start_at: start.toISOString(),
            end_at: new Date(start.getTime() + 45 * 60_000).toISOString(),
            status: 'confirmed',
            source: 'planner',
            location_kind: 'address',
            location: 'Siège',
            applicant_id: applicants[i % applicants.length]?.id ?? null,
            application_id: null,
            notes: '',
            allow_conflicts: true,
            created_by: userId,
            created_at: now,
            updated_at: now,
          };
        });
        const ids = await db.insertInto('appointments').values(rows).returning('id').execute();
        await db
          .insertInto('appointment_interviewers')
          .values(
            ids.map((r, k) => ({
              appointment_id: r.id,
              user_id: userId,
              company_id: company,
              start_at: rows[k]!.start_at,
              end_at: rows[k]!.end_at,
              cancelled: false,
            })),
          )
          .execute();
      }
    }
    await sql`analyze`.execute(db);
    return { templateId: template.id, userIds };
  } finally {
    await database.destroy();
  }
}
