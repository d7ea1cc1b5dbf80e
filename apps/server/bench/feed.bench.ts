// `npm run bench:feed`: latency of the activity feed (issue 12 item 6) on an applicant holding
// 10,000 feed entries (threads, replies, private comments with audiences, mentions, files, status
// events), on the demo companies in a temporary SQLite file. The server runs in its own process
// (bench-server.ts, bench-harness.ts); autocannon measures 1 and 10 concurrent callers.
// The target: page 1 (20 threads) under 10 ms median with one caller. docs/benchmarks.md.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Insertable } from 'kysely';
import { createDatabase } from '../src/platform/db/database.ts';
import { migrate } from '../src/platform/db/migrate.ts';
import type { ActivityFeedEntriesTable } from '../src/platform/db/schema.ts';
import { LocalDiskStorage } from '../src/platform/storage/local-disk-storage.ts';
import { DEMO_PASSWORD, reseedDemo } from '../src/seed/demo-seed.ts';
import { benchSeconds, measureCases, signIn, startBenchServer } from './bench-harness.ts';

const ENTRIES = Number(process.env.FEED_BENCH_ENTRIES ?? 10_000);
const SECONDS = benchSeconds(3);

if (!process.env.FEED_BENCH_NO_MAIN) await main();

/** Demo companies, then ENTRIES feed entries on one applicant that the scoped manager sees too. */
export async function generate(url: string, dir: string) {
  const database = createDatabase(url);
  await migrate(database);
  await reseedDemo(database, new LocalDiskStorage(path.join(dir, 'uploads')));
  const { db } = database;
  const company = await db
    .selectFrom('companies')
    .select('id')
    .where('slug', '=', 'groupe-valmont')
    .executeTakeFirstOrThrow();
  const users = await db
    .selectFrom('users')
    .select(['id', 'email', 'subsidiary_id'])
    .where('company_id', '=', company.id)
    .execute();
  const userId = (email: string) => users.find((u) => u.email === email)!.id;
  const subsidiaries = await db
    .selectFrom('subsidiaries')
    .select('id')
    .where('company_id', '=', company.id)
    .execute();
  const group = await db
    .selectFrom('user_groups')
    .select('id')
    .where('company_id', '=', company.id)
    .executeTakeFirstOrThrow();
  // An application on an offer that manager@demo.test reaches (paris15): a scoped reader.
  const target = await db
    .selectFrom('applications')
    .innerJoin('offers', 'offers.id', 'applications.offer_id')
    .innerJoin('projects', 'projects.id', 'offers.project_id')
    .select(['applications.applicant_id', 'applications.offer_id'])
    .where('applications.company_id', '=', company.id)
    .where('projects.name', '=', 'Agence Paris 15e')
    .executeTakeFirstOrThrow();
  const applicantId = target.applicant_id!;
  const authors = [
    userId('admin@demo.test'),
    userId('recruiter@demo.test'),
    userId('manager@demo.test'),
    userId('multi@demo.test'),
  ];
  const start = Date.now() - ENTRIES * 60_000;
  const replies = Math.floor(ENTRIES / 10);
  const roots: number[] = [];
  await db.transaction().execute(async (trx) => {
    const rows: Insertable<ActivityFeedEntriesTable>[] = [];
    for (let i = 0; i < ENTRIES - replies; i++) {
      const event = i % 5 === 4;
      rows.push({
        company_id: company.id,
        applicant_id: applicantId,
        offer_id: i % 3 === 0 ? null : target.offer_id,
        parent_id: null,
        kind: event ? 'status_changed' : 'comment',
        category: event ? 'statuses' : 'comments',
        author_user_id: authors[i % authors.length]!,
        outsider_name: null,
        outsider_share_key: null,
        text: event ? null : `Commentaire n°${i} sur la candidature, avec un peu de texte.`,
        data: event
          ? JSON.stringify({
              application_id: 1,
              from_status: { id: 1, name: 'new', default_status: true },
              status: { id: 2, name: 'preselected', default_status: true },
              motif: null,
            })
          : null,
        status_id: event ? 2 : null,
        is_private: !event && i % 4 === 1,
        source: 'bench',
        edited_at: null,
        edited_by: null,
        created_at: new Date(start + i * 60_000).toISOString(),
      });
    }
    for (let i = 0; i < rows.length; i += 500) {
      const ids = await trx
        .insertInto('activity_feed_entries')
        .values(rows.slice(i, i + 500))
        .returning('id')
        .execute();
      roots.push(...ids.map((r) => r.id));
    }
    // Private comments: one in two for a chosen user, the others for a subsidiary.
    const privateRoots = roots.filter((_, i) => rows[i]!.is_private);
    const audience = privateRoots.map((id, i) => ({ entry_id: id, user_id: authors[i % 4]! }));
    const bySubsidiary = privateRoots
      .filter((_, i) => i % 2 === 0)
      .map((id, i) => ({ entry_id: id, subsidiary_id: subsidiaries[i % subsidiaries.length]!.id }));
    const mentions = roots
      .filter((_, i) => i % 7 === 0 && !rows[i]!.is_private && rows[i]!.kind === 'comment')
      .map((id, i) => ({ entry_id: id, user_id: authors[(i + 1) % 4]! }));
    const groupMentions = roots
      .filter((_, i) => i % 29 === 0 && !rows[i]!.is_private && rows[i]!.kind === 'comment')
      .map((id) => ({ entry_id: id, group_id: group.id }));
    const files = roots
      .filter((_, i) => i % 20 === 3)
      .map((id) => ({
        company_id: company.id,
        entry_id: id,
        storage_key: `activity-feed/${company.id}/missing.png`,
        filename: 'piece.png',
        mime: 'image/png',
        size: 1234,
        created_at: new Date().toISOString(),
      }));
    const insert = async (table: Parameters<typeof trx.insertInto>[0], values: object[]) => {
      for (let i = 0; i < values.length; i += 500)
        await trx
          .insertInto(table)
          .values(values.slice(i, i + 500) as never)
          .execute();
    };
    await insert('activity_feed_audience_users', audience);
    await insert('activity_feed_audience_subsidiaries', bySubsidiary);
    await insert('activity_feed_user_mentions', mentions);
    await insert('activity_feed_group_mentions', groupMentions);
    await insert('activity_feed_attachments', files);
    const replyRows = Array.from({ length: replies }, (_, i) => {
      const parentIndex = roots.length - 1 - (i % 200) * 3;
      return {
        ...rows[parentIndex]!,
        parent_id: roots[parentIndex]!,
        kind: 'comment',
        category: 'comments',
        text: `Réponse n°${i}`,
        data: null,
        status_id: null,
        is_private: false,
        created_at: new Date(start + (parentIndex + 1) * 60_000 + i).toISOString(),
      };
    });
    await insert('activity_feed_entries', replyRows);
  });
  const total = await db
    .selectFrom('activity_feed_entries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('applicant_id', '=', applicantId)
    .executeTakeFirstOrThrow();
  await database.destroy();
  return { applicantId, offerId: target.offer_id!, entries: Number(total.n) };
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'embauche-feed-bench-'));
  const url = `sqlite:${path.join(dir, 'bench.sqlite')}`;
  try {
    const t0 = Date.now();
    const { applicantId, offerId, entries } = await generate(url, dir);
    console.log(
      `SQLite: applicant ${applicantId} holds ${entries} feed entries (generated in ${Date.now() - t0} ms)`,
    );
    const server = await startBenchServer(url, { dataDir: dir });
    try {
      const admin = await signIn(server.base, 'admin@demo.test', DEMO_PASSWORD);
      const manager = await signIn(server.base, 'manager@demo.test', DEMO_PASSWORD);
      const feed = `/api/applicants/${applicantId}/activity-feed`;
      const cases: [string, string, string][] = [
        ['trivial route (GET /api/health), the ceiling', admin, '/api/health'],
        ['page 1 of 20 threads (project.see_all)', admin, feed],
        ['page 1 of 20 threads (scoped manager)', manager, feed],
        ['page 200 (deep)', admin, `${feed}?page=200`],
        [
          'narrowed to one offer, comments only',
          admin,
          `${feed}?offer_id=${offerId}&filter[category]=comments`,
        ],
        [
          'categories with counts',
          admin,
          `/api/activity-feed/categories?applicant_id=${applicantId}`,
        ],
      ];
      await measureCases(server.base, cases, SECONDS);
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
