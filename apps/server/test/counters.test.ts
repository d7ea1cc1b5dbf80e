import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/platform/db/database.ts';
import { insertCompany, insertProject } from './support/insert-company.ts';
import { testDatabases } from './support/test-databases.ts';

/**
 * The counters of migration 0008 stay exact through every kind of write: inserts one by one and in
 * bulk, status changes, moves between offers and to no offer, date changes, deletions, and the
 * cascades of a deleted offer or company. After each step they equal a count of the rows, the
 * company-wide sums (migration 0036) equal the offers' counters, and each applicant's newest
 * application kept on its row (migration 0016) is the newest of the rows.
 */
for (const testDb of testDatabases()) {
  describe(`list counters (${testDb.dialect})`, () => {
    let database: Database;
    const now = '2026-01-10T10:00:00.000Z';
    const at = (day: number) => `2026-01-${String(day).padStart(2, '0')}T08:00:00.000Z`;
    let companies: number[] = [];
    let offers: number[] = [];

    beforeAll(async () => {
      database = await testDb.open();
      const { db } = database;
      companies = [];
      for (const slug of ['counters-a', 'counters-b'])
        companies.push(await insertCompany(db, slug, now));
      const project = await newProject('P');
      const rows = await db
        .insertInto('offers')
        .values(
          [1, 2, 3].map((i) => ({
            company_id: companies[0]!,
            project_id: project,
            job_position: `Offer ${i}`,
            status: 'published',
            remote: 'none',
            archived: false,
            created_at: now,
            updated_at: now,
          })),
        )
        .returning('id')
        .execute();
      offers = rows.map((r) => r.id);
    });

    afterAll(async () => {
      await database.destroy();
    });

    /** A project of the first company. */
    const newProject = (name: string) => insertProject(database.db, companies[0]!, name, now);

    /** What the counters must hold, counted from the rows. */
    async function expectExact() {
      const { db } = database;
      const counted = await sql<{
        offer_id: number;
        company_id: number;
        total: number;
        to_treat: number;
        oldest_new_at: string | null;
      }>`select offer_id, min(company_id) as company_id, count(*) as total,
           sum(case when status_id = 1 then 1 else 0 end) as to_treat,
           min(case when status_id = 1 then created_at end) as oldest_new_at
         from applications where offer_id is not null group by offer_id`.execute(db);
      const kept = await db
        .selectFrom('offer_counters')
        .select(['offer_id', 'company_id', 'total', 'to_treat', 'oldest_new_at'])
        .execute();
      const norm = (r: {
        offer_id: number;
        company_id: number;
        total: number;
        to_treat: number;
        oldest_new_at: string | null;
      }) => ({
        offer_id: Number(r.offer_id),
        company_id: Number(r.company_id),
        total: Number(r.total),
        to_treat: Number(r.to_treat),
        oldest_new_at: r.oldest_new_at ? new Date(r.oldest_new_at).toISOString() : null,
      });
      const byOffer = (a: { offer_id: number }, b: { offer_id: number }) => a.offer_id - b.offer_id;
      // An offer whose applications all left keeps a row of zeros: the same as no row.
      expect(
        kept
          .map(norm)
          .filter((r) => r.total !== 0)
          .sort(byOffer),
      ).toEqual(counted.rows.map(norm).sort(byOffer));
      // Each counter row carries its offer's archived flag (migration 0011).
      const flags = await db
        .selectFrom('offer_counters')
        .innerJoin('offers', 'offers.id', 'offer_counters.offer_id')
        .select([
          'offer_counters.archived as kept',
          'offers.archived',
          'offer_counters.project_id as keptProject',
          'offers.project_id',
        ])
        .execute();
      for (const f of flags) expect(Boolean(f.kept)).toBe(Boolean(f.archived));
      // And its offer's project (migration 0035).
      for (const f of flags) expect(f.keptProject).toBe(f.project_id);
      const applicants = await sql<{
        company_id: number;
        n: number;
      }>`select company_id, count(*) as n from applicants group by company_id`.execute(db);
      const keptApplicants = await db
        .selectFrom('company_counters')
        .select(['company_id', 'applicants'])
        .execute();
      expect(
        keptApplicants
          .map((r) => ({ company_id: Number(r.company_id), n: Number(r.applicants) }))
          .filter((r) => r.n !== 0)
          .sort((a, b) => a.company_id - b.company_id),
      ).toEqual(
        applicants.rows
          .map((r) => ({ company_id: Number(r.company_id), n: Number(r.n) }))
          .sort((a, b) => a.company_id - b.company_id),
      );
      // The company-wide sums (migration 0036) equal the sums of the offers' counters.
      const sums = await sql<{
        company_id: number;
        to_treat: number;
        open: number;
      }>`select company_id, sum(to_treat) as to_treat,
           sum(case when oldest_new_at is not null and archived = ${sql.lit(false)} then 1 else 0 end) as open
         from offer_counters group by company_id`.execute(db);
      const keptSums = await db
        .selectFrom('company_counters')
        .select(['company_id', 'to_treat', 'open_offers_to_treat'])
        .execute();
      const sumsOf = (rows: { company_id: number; to_treat: number; open: number }[]) =>
        rows
          .map((r) => ({
            company_id: Number(r.company_id),
            to_treat: Number(r.to_treat),
            open: Number(r.open),
          }))
          .filter((r) => r.to_treat !== 0 || r.open !== 0)
          .sort((a, b) => a.company_id - b.company_id);
      expect(sumsOf(keptSums.map((r) => ({ ...r, open: r.open_offers_to_treat })))).toEqual(
        sumsOf(sums.rows),
      );
      await expectLastApplications();
    }

    /** Each applicant's newest application on its row (migration 0016) is the rows' newest. */
    async function expectLastApplications() {
      const { db } = database;
      const time = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());
      const rows = await db
        .selectFrom('applications')
        .select(['id', 'applicant_id', 'status_id', 'created_at'])
        .execute();
      const newest = new Map<number, (typeof rows)[number]>();
      for (const r of rows) {
        if (r.applicant_id === null) continue;
        const kept = newest.get(r.applicant_id);
        const later =
          !kept ||
          time(r.created_at)! > time(kept.created_at)! ||
          (time(r.created_at) === time(kept.created_at) && r.id > kept.id);
        if (later) newest.set(r.applicant_id, r);
      }
      const applicants = await db
        .selectFrom('applicants')
        .select(['id', 'last_application_id', 'last_status_id', 'last_applied_at'])
        .execute();
      for (const a of applicants) {
        const n = newest.get(a.id);
        expect(
          {
            id: a.last_application_id,
            status: a.last_status_id,
            at: time(a.last_applied_at),
          },
          `applicant ${a.id}`,
        ).toEqual({
          id: n?.id ?? null,
          status: n?.status_id ?? null,
          at: n ? time(n.created_at) : null,
        });
      }
    }

    const application = (offer: number | null, status: number, day: number, applicant = 1) => ({
      company_id: companies[0]!,
      offer_id: offer,
      applicant_id: applicant,
      status_id: status,
      created_at: at(day),
      updated_at: now,
    });

    it('follow inserts, status changes, moves, date changes and deletions', async () => {
      const { db } = database;
      const [a, b, c] = offers as [number, number, number];
      const applicants = await db
        .insertInto('applicants')
        .values(
          [1, 2, 3].map((i) => ({
            company_id: companies[0]!,
            firstname: 'A',
            lastname: `L${i}`,
            email: `counters${i}@test.test`,
            created_at: now,
            updated_at: now,
          })),
        )
        .returning('id')
        .execute();
      await expectExact();
      // One by one, then in bulk; spontaneous ones (no offer) are not counted per offer.
      const first = await db
        .insertInto('applications')
        .values(application(a, 1, 5, applicants[0]!.id))
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('applications')
        .values([
          application(a, 1, 3),
          application(a, 2, 1),
          application(b, 1, 7),
          application(b, 4, 2),
          application(null, 1, 1),
          application(c, 7, 4),
        ])
        .execute();
      await expectExact();
      const ids = (
        await db.selectFrom('applications').select(['id', 'offer_id', 'status_id']).execute()
      ).map((r) => ({ ...r, id: Number(r.id) }));
      const oldestNewOfA = ids.find(
        (r) => r.offer_id === a && r.status_id === 1 && r.id !== first.id,
      )!;
      // The oldest `new` one is treated: the next oldest takes its place.
      await db
        .updateTable('applications')
        .set({ status_id: 2 })
        .where('id', '=', oldestNewOfA.id)
        .execute();
      await expectExact();
      // Back to `new` with an older date.
      await db
        .updateTable('applications')
        .set({ status_id: 1, created_at: at(1) })
        .where('id', '=', oldestNewOfA.id)
        .execute();
      await expectExact();
      // A move to another offer, then to no offer, then back.
      await db
        .updateTable('applications')
        .set({ offer_id: b })
        .where('id', '=', first.id)
        .execute();
      await expectExact();
      await db
        .updateTable('applications')
        .set({ offer_id: null })
        .where('id', '=', first.id)
        .execute();
      await expectExact();
      await db
        .updateTable('applications')
        .set({ offer_id: c })
        .where('id', '=', first.id)
        .execute();
      await expectExact();
      // Many at once, then a no-op update that sets the same status.
      await db
        .updateTable('applications')
        .set({ status_id: 1 })
        .where('offer_id', 'in', [a, b])
        .execute();
      await expectExact();
      await db
        .updateTable('applications')
        .set({ status_id: 1 })
        .where('offer_id', '=', a)
        .execute();
      await expectExact();
      // An application given to another applicant (a merge): both applicants' newest follow.
      await db
        .updateTable('applications')
        .set({ applicant_id: applicants[1]!.id })
        .where('id', '=', first.id)
        .execute();
      await expectExact();
      await db.deleteFrom('applications').where('id', '=', first.id).execute();
      await expectExact();
      // An archived offer, then restored; a new offer's first application takes its flag.
      await db.updateTable('offers').set({ archived: true }).where('id', '=', a).execute();
      await expectExact();
      const archived = await db
        .insertInto('offers')
        .values({
          company_id: companies[0]!,
          project_id: (await db.selectFrom('offers').select('project_id').executeTakeFirstOrThrow())
            .project_id,
          job_position: 'Archived',
          status: 'published',
          remote: 'none',
          archived: true,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('applications')
        .values(application(archived.id, 1, 2))
        .execute();
      await expectExact();
      await db
        .updateTable('offers')
        .set({ archived: false })
        .where('id', 'in', [a, archived.id])
        .execute();
      await expectExact();
      // An offer moved to another project: its counter row follows.
      const elsewhere = await newProject('Elsewhere');
      await db.updateTable('offers').set({ project_id: elsewhere }).where('id', '=', a).execute();
      await expectExact();
      // A deleted offer: its applications lose their offer, its counters go with it.
      await db.deleteFrom('offers').where('id', '=', b).execute();
      await expectExact();
      await db.deleteFrom('applicants').where('id', '=', applicants[2]!.id).execute();
      await expectExact();
    });

    it('follow a company deleted with everything it holds', async () => {
      const { db } = database;
      await db
        .insertInto('applicants')
        .values({
          company_id: companies[1]!,
          firstname: 'B',
          lastname: 'B',
          email: 'counters-b@test.test',
          created_at: now,
          updated_at: now,
        })
        .execute();
      await expectExact();
      await db.deleteFrom('companies').where('id', '=', companies[0]!).execute();
      await expectExact();
      expect(await db.selectFrom('offer_counters').select('offer_id').execute()).toEqual([]);
    });
  });
}
