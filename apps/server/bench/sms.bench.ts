// `npm run bench:sms` (and the end of `npm run bench`): latency of the SMS bell's call,
// `GET /api/sms/get-active-conversations` (the 50 newest conversations and the unread count), when
// the company holds 50,000 conversations (issue 14 item 5), on the demo companies in a temporary
// SQLite file. The server runs in its own process (bench-server.ts, bench-harness.ts);
// autocannon measures 1 and 10 concurrent callers. Target: median under 10 ms with one caller.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDatabase } from '../src/platform/db/database.ts';
import { searchDocument, writeSearchRows } from '../src/platform/db/applicant-search.ts';
import { migrate } from '../src/platform/db/migrate.ts';
import { LocalDiskStorage } from '../src/platform/storage/local-disk-storage.ts';
import { DEMO_PASSWORD, reseedDemo } from '../src/seed/demo-seed.ts';
import { insertApplicants } from '../test/support/insert-applicants.ts';
import {
  benchSeconds,
  measureCases,
  signIn,
  startBenchServer,
  type BenchCase,
} from './bench-harness.ts';

const CONVERSATIONS = Number(process.env.SMS_BENCH_CONVERSATIONS ?? 50_000);
const SECONDS = benchSeconds(3);
const TARGET_MS = 10;
const BATCH = 400;

await main();

/** The demo companies, then CONVERSATIONS applicants of Valmont, each with a conversation. */
async function generate(url: string, dir: string) {
  const database = createDatabase(url);
  await migrate(database);
  await reseedDemo(database, new LocalDiskStorage(path.join(dir, 'uploads')));
  const { db } = database;
  const company = await db
    .selectFrom('companies')
    .select('id')
    .where('slug', '=', 'groupe-valmont')
    .executeTakeFirstOrThrow();
  const offers = await db
    .selectFrom('offers')
    .select('id')
    .where('company_id', '=', company.id)
    .orderBy('id')
    .execute();
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'admin@demo.test')
    .where('company_id', '=', company.id)
    .executeTakeFirstOrThrow();
  const start = Date.now() - CONVERSATIONS * 60_000;
  for (let from = 0; from < CONVERSATIONS; from += BATCH) {
    const n = Math.min(BATCH, CONVERSATIONS - from);
    await db.transaction().execute(async (trx) => {
      const at = (i: number) => new Date(start + (from + i) * 60_000).toISOString();
      const offerOf = (i: number) => offers[(from + i) % offers.length]!.id;
      const made = await insertApplicants(
        trx,
        Array.from({ length: n }, (_, i) => ({
          company_id: company.id,
          firstname: `Prénom${from + i}`,
          lastname: `Nom${from + i}`,
          phone: `+336${String(10_000_000 + from + i).slice(-8)}`,
          created_at: at(i),
          offer_id: offerOf(i),
        })),
      );
      await writeSearchRows(
        trx,
        database.dialect,
        made.map(({ applicant }, i) => ({
          companyId: company.id,
          applicantId: applicant,
          doc: searchDocument({
            name: `Prénom${from + i} Nom${from + i}`,
            email: null,
            tags: [],
            cvText: null,
          }),
        })),
      );
      const conversations = await trx
        .insertInto('sms_conversations')
        .values(
          made.map(({ applicant, application }, i) => ({
            company_id: company.id,
            application_id: application!,
            applicant_id: applicant,
            offer_id: offerOf(i),
            last_message_id: null,
            last_message_at: at(i),
            created_at: at(i),
            updated_at: at(i),
          })),
        )
        .returning('id')
        .execute();
      const inbound = (i: number) => (from + i) % 3 === 0;
      const messages = await trx
        .insertInto('sms_messages')
        .values(
          conversations.map((c, i) => ({
            company_id: company.id,
            conversation_id: c.id,
            direction: inbound(i) ? 'inbound' : 'outbound',
            user_id: inbound(i) ? null : user.id,
            body: `Message ${from + i}`,
            to_phone: '+33600000000',
            from_phone: '+33700000000',
            provider: 'outbox',
            provider_id: `BENCH${from + i}`,
            state: 'received',
            reason: null,
            segments: 1,
            read_at: null,
            sent_at: at(i),
            received_at: at(i),
            created_at: at(i),
            updated_at: at(i),
          })),
        )
        .returning('id')
        .execute();
      for (const [i, m] of messages.entries())
        await trx
          .updateTable('sms_conversations')
          .set({ last_message_id: m.id, last_inbound: inbound(i), unread: inbound(i) })
          .where('id', '=', conversations[i]!.id)
          .execute();
    });
  }
  const total = await db
    .selectFrom('sms_conversations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', company.id)
    .executeTakeFirstOrThrow();
  await database.destroy();
  return Number(total.n);
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'embauche-sms-bench-'));
  const url = `sqlite:${path.join(dir, 'bench.sqlite')}`;
  let slow = false;
  try {
    const t0 = Date.now();
    const total = await generate(url, dir);
    console.log(`SMS, SQLite: ${total} conversations (generated in ${Date.now() - t0} ms)`);
    const server = await startBenchServer(url, { dataDir: dir });
    try {
      const admin = await signIn(server.base, 'admin@demo.test', DEMO_PASSWORD);
      const recruiter = await signIn(server.base, 'recruiter@demo.test', DEMO_PASSWORD);
      const active = '/api/sms/get-active-conversations';
      const cases: BenchCase[] = [
        ['trivial route (GET /api/health), the ceiling', admin, '/api/health'],
        ['active conversations (project.see_all)', admin, active, TARGET_MS],
        ['active conversations (scoped recruiter)', recruiter, active, TARGET_MS],
        ['header sheet, page 1 of 20', admin, '/api/sms/conversations'],
        ['header sheet, search by name', admin, '/api/sms/conversations?search=nom4999'],
      ];
      const { missed } = await measureCases(server.base, cases, SECONDS);
      slow = missed.length > 0;
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (slow) {
    console.error(`SMS: the active conversations' median is not under ${TARGET_MS} ms`);
    process.exitCode = 1;
  }
}
