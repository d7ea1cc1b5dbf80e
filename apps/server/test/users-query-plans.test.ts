import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZUserListQuery } from '@embauche/contracts/users';
import { FeedAudienceRepository } from '../src/modules/activity-feed/feed-audience.repository.ts';
import { UsersRepository } from '../src/modules/users/users.repository.ts';
import type { Database } from '../src/platform/db/database.ts';
import { plansOf as explainCalls, type Plan } from './support/query-plans.ts';
import { insertCompany } from './support/insert-company.ts';
import { testDatabases } from './support/test-databases.ts';

/**
 * The benchmarked users list (bench/users.bench.ts) keeps using its indexes: the repository's
 * queries run on a company of 2,000 users, are captured and explained; a plan must never read the
 * whole users table, and the sorted pages walk their index instead of sorting every user.
 * PostgreSQL explains with sequential scans disabled (a small table still shows whether an index
 * can serve the query at all), as test/query-plans.test.ts does.
 */
const USERS = 2_000;

for (const testDb of testDatabases()) {
  describe(`query plans of the users list (${testDb.dialect})`, () => {
    let database: Database;
    let companyId: number;

    beforeAll(async () => {
      database = await testDb.open();
      const { db } = database;
      const now = new Date().toISOString();
      const company = (slug: string) => insertCompany(db, slug, now);
      companyId = await company('plans-users');
      const otherId = await company('plans-others');
      for (const [company, count] of [
        [companyId, USERS],
        [otherId, USERS],
      ] as const) {
        for (let from = 0; from < count; from += 500) {
          await db
            .insertInto('users')
            .values(
              Array.from({ length: 500 }, (_, k) => ({
                company_id: company,
                role_id: null,
                subsidiary_id: null,
                firstname: `Prénom ${k}`,
                lastname: `Nom ${from + k}`,
                email: `u${from + k}@c${company}.test`,
                password_hash: null,
                img_src: null,
                language: 'fr',
                super_admin: false,
                partner_admin: false,
                partner_id: null,
                active: k % 10 !== 0,
                totp_secret: null,
                totp_enabled: false,
                totp_last_used_step: null,
                last_login_at: k % 3 === 0 ? null : now,
                created_at: now,
                updated_at: now,
              })),
            )
            .execute();
        }
      }
      await sql`analyze`.execute(db);
    }, 120_000);
    afterAll(() => database.destroy());

    // `u` is the users table's alias in the SQLite plans; a whole-index walk is a sorted page.
    const plansOf = (query: Record<string, string>): Promise<Plan[]> =>
      explainCalls(database, { tables: ['users', 'u'], indexScansAreFull: false }, (db) =>
        new UsersRepository(db, database.dialect).page(companyId, ZUserListQuery.parse(query)),
      );

    const text = (plans: Plan[]) => plans.map((p) => p.text).join('\n');

    it('never reads the whole users table, whatever the filters and sort', async () => {
      for (const query of <Record<string, string>[]>[
        {},
        { sort: '-created_at' },
        { sort: 'email' },
        { sort: '-last_login_at' },
        { 'filter[q]': 'nom 12', 'filter[active]': '1' },
        { 'filter[role]': '1,2', 'filter[subsidiary]': '1' },
        { 'filter[group]': '1' },
      ]) {
        const plans = await plansOf(query);
        expect(plans.length).toBe(2);
        for (const plan of plans) expect(plan.fullScans, plan.text).toEqual([]);
      }
    });

    it('walks the sort index of a page instead of sorting the company’s users', async () => {
      const byName = await plansOf({});
      expect(byName[0]!.indexes, text(byName)).toContain('users_company_name_idx');
      expect(byName[0]!.sorts, text(byName)).toBe(0);
      const byDate = await plansOf({ sort: '-created_at' });
      expect(byDate[0]!.indexes, text(byDate)).toContain('users_company_created_idx');
      expect(byDate[0]!.sorts, text(byDate)).toBe(0);
      for (const sort of ['last_login_at', '-last_login_at']) {
        const byLogin = await plansOf({ sort });
        expect(byLogin[0]!.indexes, text(byLogin)).toContain('users_company_login_idx');
        expect(byLogin[0]!.sorts, text(byLogin)).toBe(0);
      }
      const byEmail = await plansOf({ sort: 'email' });
      expect(byEmail[0]!.sorts, text(byEmail)).toBe(0);
    });

    it('the mentions search walks the name index and stops at its limit', async () => {
      for (const words of [['nom', '12'], ['prenom'], []]) {
        const plans = await explainCalls(
          database,
          { tables: ['users', 'u'], indexScansAreFull: false },
          (db) =>
            new FeedAudienceRepository(db, database.dialect).mentionables(
              companyId,
              'project_application.see_activity_feed',
              words,
              20,
            ),
        );
        const users = plans.find((p) => /users/.test(p.text) && !/user_groups/.test(p.text));
        expect(users, text(plans)).toBeDefined();
        expect(users!.fullScans, users!.text).toEqual([]);
        // PostgreSQL weighs its statistics: with no role holding the permission here it starts
        // from the permission's few roles instead, which reads no whole table either.
        if (database.dialect === 'sqlite') {
          expect(users!.indexes, users!.text).toContain('users_company_name_idx');
          expect(users!.sorts, users!.text).toBe(0);
        }
      }
    });
  });
}
