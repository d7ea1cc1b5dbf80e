import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OffersRepository } from '../src/modules/offers/offers.repository.ts';
import type { Database } from '../src/platform/db/database.ts';
import { insertCompany, insertProject } from './support/insert-company.ts';
import { testDatabases } from './support/test-databases.ts';

/**
 * PostgreSQL: the company-wide counters (migration 0036) are one row per company that every write
 * of an application to treat changes. A recruiter treating an application while a candidate
 * applies to the same offer, or archiving it, must not deadlock: each takes the company's row
 * before the offer's rows (company-treat-counters.ts).
 */
const postgres = testDatabases().find((d) => d.dialect === 'postgres');

describe.skipIf(!postgres)('company counters under concurrent writes (postgres)', () => {
  let database: Database;
  const now = '2026-01-10T10:00:00.000Z';
  let company = 0;
  let offer = 0;
  let treated = 0;

  beforeAll(async () => {
    database = await postgres!.open();
    const { db } = database;
    company = await insertCompany(db, 'locks', now);
    const project = await insertProject(db, company, 'P', now);
    offer = (
      await db
        .insertInto('offers')
        .values({
          company_id: company,
          project_id: project,
          job_position: 'Offer',
          status: 'published',
          remote: 'none',
          archived: false,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const applicant = await insertApplicant(db, 'first');
    treated = (
      await db
        .insertInto('applications')
        .values(application(applicant))
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });

  afterAll(async () => {
    await database.destroy();
  });

  function insertApplicant(db: Database['db'], name: string) {
    return db
      .insertInto('applicants')
      .values({
        company_id: company,
        firstname: 'A',
        lastname: name,
        email: `${name}@locks.test`,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
      .then((r) => r.id);
  }

  function application(applicant: number) {
    return {
      company_id: company,
      offer_id: offer,
      applicant_id: applicant,
      status_id: 1,
      created_at: now,
      updated_at: now,
    };
  }

  /**
   * The candidate's transaction inserts an applicant (locking the company's row for the applicants'
   * counter), then `other` starts and waits for that transaction, then the candidate applies to
   * the offer. Both must commit.
   */
  async function applyWhile(other: (db: Database['db']) => Promise<unknown>) {
    const { db } = database;
    let running: Promise<unknown> | undefined;
    await db.transaction().execute(async (candidate) => {
      const applicant = await insertApplicant(candidate, `candidate${Date.now()}`);
      const pid = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(candidate))
        .rows[0]!.pid;
      running = other(db);
      for (let i = 0; i < 200; i++) {
        const blocked = await sql<{ n: number }>`select count(*) as n from pg_stat_activity
          where ${pid} = any(pg_blocking_pids(pid))`.execute(db);
        if (Number(blocked.rows[0]?.n)) break;
        await new Promise((r) => setTimeout(r, 10));
      }
      await candidate.insertInto('applications').values(application(applicant)).execute();
    });
    await running;
    return database.db
      .selectFrom('company_counters')
      .select(['to_treat', 'open_offers_to_treat', 'applicants'])
      .where('company_id', '=', company)
      .executeTakeFirstOrThrow();
  }

  it('lets a treatment and an application to the same offer both commit', async () => {
    const kept = await applyWhile((db) =>
      db.updateTable('applications').set({ status_id: 2 }).where('id', '=', treated).execute(),
    );
    expect(kept).toEqual({ to_treat: 1, open_offers_to_treat: 1, applicants: 2 });
  });

  it('lets an offer be archived while a candidate applies to it', async () => {
    const kept = await applyWhile((db) =>
      new OffersRepository(db, 'postgres').update(company, [offer], { archived: true }),
    );
    expect(kept).toEqual({ to_treat: 2, open_offers_to_treat: 0, applicants: 3 });
  });
});
