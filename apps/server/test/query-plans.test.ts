import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BenchSize } from '../bench/bench-sizes.ts';
import { generate } from '../bench/generate.ts';
import { ApplicantsRepository } from '../src/modules/applicants/applicants.repository.ts';
import type { ApplicantScope } from '../src/modules/applicants/applicant-scope.ts';
import { ApplicationsRepository } from '../src/modules/applications/applications.repository.ts';
import { CareerSitePublicRepository } from '../src/modules/career-site/career-site-public.repository.ts';
import { SourcingRepository } from '../src/modules/sourcing/sourcing.repository.ts';
import { alertWindow } from '../src/modules/offers/offer-filters.ts';
import { OfferListRepository } from '../src/modules/offers/offer-list.repository.ts';
import { OffersRepository } from '../src/modules/offers/offers.repository.ts';
import { ProjectsRepository } from '../src/modules/projects/projects.repository.ts';
import { createDatabase, type Database } from '../src/platform/db/database.ts';
import type { DB } from '../src/platform/db/schema.ts';
import { plansOf as explainCalls, type Plan } from './support/query-plans.ts';
import { testDatabases } from './support/test-databases.ts';

/**
 * The benchmarked list queries (bench/offers.bench.ts) keep using their indexes: each repository
 * call runs on a small benchmark company, its compiled SQL is captured and explained, and the plan
 * must name the expected index and never read the whole applications or applicants table.
 * PostgreSQL explains with sequential scans disabled, so that a small table still shows whether
 * an index can serve the query at all.
 */
const SIZE: BenchSize = {
  name: 'plans',
  offers: 200,
  folders: 4,
  leavesPerFolder: 3,
  applicants: 2_000,
  applications: 4_000,
  bigOfferApplications: 500,
};

/**
 * VACUUM marks a page all-visible only once no transaction of the database can still miss its
 * rows, and other test files run theirs in the same database. Until then an index-only scan costs
 * the planner a heap visit per row and it may choose another index: vacuum again until every page
 * of the generated tables is all-visible, as autovacuum leaves them at rest.
 */
async function settleVisibility(database: Database) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const pending = await sql<{ name: string }>`select c.relname as name from pg_class c
      where c.relnamespace = current_schema()::regnamespace and c.relkind = 'r'
      and c.relpages > 0 and c.relallvisible < c.relpages`.execute(database.db);
    if (!pending.rows.length) return;
    await sql
      .raw(`vacuum analyze ${pending.rows.map((r) => `"${r.name}"`).join(', ')}`)
      .execute(database.db);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

for (const testDb of testDatabases()) {
  describe(`query plans of the benchmarked lists (${testDb.dialect})`, () => {
    let database: Database;
    let cleanup: () => Promise<void>;
    let bigOffer: number;
    const companyId = 1;

    beforeAll(async () => {
      if (testDb.dialect === 'sqlite') {
        // The generator bulk-loads through a second connection: a file, not :memory:.
        const dir = mkdtempSync(path.join(tmpdir(), 'embauche-plans-'));
        const url = `sqlite:${path.join(dir, 'plans.sqlite')}`;
        database = createDatabase(url);
        const { migrate } = await import('../src/platform/db/migrate.ts');
        await migrate(database);
        await generate(database, SIZE, url);
        cleanup = async () => {
          await database.destroy();
          rmSync(dir, { recursive: true, force: true });
        };
      } else {
        const opened = await testDb.open();
        database = opened;
        await generate(opened, SIZE, opened.url, opened.schema);
        await settleVisibility(opened);
        cleanup = () => opened.destroy();
      }
      const big = await database.db
        .selectFrom('offers')
        .select('id')
        .where('reference', '=', 'BEN-2')
        .executeTakeFirstOrThrow();
      bigOffer = big.id;
    }, 120_000);

    afterAll(async () => {
      await cleanup();
    });

    /** Runs `call` against repositories and explains every query it ran. */
    const plansOf = (call: (db: Kysely<DB>) => Promise<unknown>) =>
      explainCalls(database, { tables: ['applications', 'applicants'] }, call);

    function expectIndexed(plans: Plan[], ...indexes: string[]) {
      for (const plan of plans) expect(plan.fullScans, plan.text).toEqual([]);
      const used = plans.flatMap((p) => p.indexes);
      for (const index of indexes)
        expect(used, plans.map((p) => p.text).join('\n')).toContain(index);
    }

    const seeAll = { companyId, userId: 1, visibleProjects: null, spontaneous: true };

    it('applicant list, first page and total', async () => {
      const plans = await plansOf((db) =>
        new ApplicantsRepository(db, database.dialect).list(seeAll, 1, 20),
      );
      expectIndexed(plans, 'applicants_company_created_idx');
    });

    it('applicant search (the search index, then the page by id)', async () => {
      const search = (text: string) =>
        plansOf((db) => new ApplicantsRepository(db, database.dialect).search(seeAll, text, 1, 20));
      const one = await search('dupont');
      // PostgreSQL, one word: the identity matches counted from the words' btree alone, the
      // CV-only ones from their GIN index (search-words.ts).
      expectIndexed(
        one,
        ...(database.dialect === 'postgres'
          ? ['applicant_words_idx', 'applicant_search_cv_idx']
          : []),
      );
      if (database.dialect === 'postgres')
        expect(one.map((p) => p.text).join('\n')).toMatch(
          /"Node Type":"Index Only Scan"[^{}]*"Index Name":"applicant_words_idx"/,
        );
      // Several words of a name: the identity words' GIN index intersects their lists, the few
      // CV-only matches of any of them come from theirs.
      expectIndexed(
        await search('camille dupont'),
        ...(database.dialect === 'postgres'
          ? ['applicant_identity_idx', 'applicant_search_cv_idx']
          : []),
      );
    });

    it('sourcing search: the search index; the last application from the row, or read newest first', async () => {
      const search = (scope: ApplicantScope) =>
        plansOf((db) =>
          new SourcingRepository(db, database.dialect).search(
            scope,
            { q: 'soudure lyon', source: [1], jobBoard: [1] },
            'relevance',
            20,
            0,
          ),
        );
      const searchIndex = database.dialect === 'postgres' ? ['applicant_search_document_idx'] : [];
      // Seeing every application: the newest is on the applicant's row (migration 0016).
      const all = await search(seeAll);
      expectIndexed(all, ...searchIndex);
      for (const plan of all) expect(plan.text).not.toMatch(/applications/);
      // PostgreSQL: the facets are on the index rows (migration 0024); no applicant row per match.
      // Nor any tag row: the tag ids are there too. SQLite reads the facets from a covering index
      // (the row itself would be walked through the CV text's overflow pages).
      if (database.dialect === 'postgres')
        for (const plan of all) expect(plan.text).not.toMatch(/\bapplicants\b|applicant_tags/);
      else expectIndexed(all, 'applicants_sourcing_sqlite_idx');
      // A user who sees some projects: each match's visible applications, walked down the index.
      const project = await database.db
        .selectFrom('offers')
        .select('project_id')
        .where('id', '=', bigOffer)
        .executeTakeFirstOrThrow();
      const plans = await search({ ...seeAll, visibleProjects: [project.project_id] });
      expectIndexed(plans, 'applications_company_applicant_created_idx', ...searchIndex);
      // The last application: a walk down the index, no sort per applicant.
      if (database.dialect === 'sqlite') {
        const main = plans.find((p) => p.text.includes('MATERIALIZE m'))!;
        const lines = main.text.split('\n');
        const at = lines.findIndex((l) => l.startsWith('CORRELATED SCALAR SUBQUERY'));
        expect(at, main.text).toBeGreaterThanOrEqual(0);
        expect(lines.slice(at, at + 3).join('\n')).not.toMatch(/TEMP B-TREE/);
      }
    });

    it("an offer's applications: page, filtered page, search, board counts and the whole list", async () => {
      const repo = (db: Kysely<DB>) => new ApplicationsRepository(db, database.dialect);
      const sort = { field: 'created_at', direction: 'desc' } as const;
      const plans = await plansOf(async (db) => {
        await repo(db).page(companyId, { offerIds: [bigOffer] }, sort, 1, 20);
        await repo(db).page(
          companyId,
          { offerIds: [bigOffer], statuses: [2, 3, 4], jobBoards: [1, 2] },
          { field: 'lastname', direction: 'asc' },
          2,
          20,
        );
        // A name inside the offer: its applications, joined to the identity words' matches.
        await repo(db).page(companyId, { offerIds: [bigOffer], search: 'martin' }, sort, 1, 20);
        await repo(db).countsByStatus(companyId, { offerIds: [bigOffer] });
      });
      expectIndexed(plans);
      for (const plan of plans)
        expect(
          plan.indexes.some((i) => /^applications_(company_)?offer_/.test(i)),
          plan.text,
        ).toBe(true);
      // PostgreSQL: one word reads the identity words' btree, several their GIN index.
      if (database.dialect === 'postgres') {
        const named = (search: string) =>
          plansOf((db) => repo(db).page(companyId, { offerIds: [bigOffer], search }, sort, 1, 20));
        expectIndexed(await named('martin'), 'applicant_words_idx');
        expectIndexed(await named('camille martin'), 'applicant_identity_idx');
      }
      // The unpaged list: the applications with their applicants, then the few names they use;
      // its second batch starts after the first one's last row (keyset).
      const whole = await plansOf(async (db) => {
        const batches = repo(db).allBatches(companyId, { offerIds: [bigOffer] }, sort, 50);
        await batches.next();
        await batches.next();
        await batches.return(undefined);
      });
      expectIndexed(whole);
      expect(
        whole[0]!.indexes.some((i) => /^applications_(company_)?offer_/.test(i)),
        whole[0]!.text,
      ).toBe(true);
    });

    it('treatment list: to treat, every offer', async () => {
      const plans = await plansOf((db) =>
        new ApplicationsRepository(db, database.dialect).page(
          companyId,
          { statuses: [1], spontaneous: false, offerIds: null },
          { field: 'created_at', direction: 'desc' },
          1,
          20,
        ),
      );
      expectIndexed(plans, 'applications_company_status_idx');
    });

    it('offer list: default page, filters tested row by row and the rows’ counters', async () => {
      const window = alertWindow(7);
      const source = { companyId, userId: 1, visibleProjects: null };
      const lists = (db: Kysely<DB>) => new OfferListRepository(db, database.dialect);
      const sort = { field: 'created_at', direction: 'desc' } as const;
      const plans = await plansOf(async (db) => {
        const page = await lists(db).page(source, { window }, sort, 1, 20);
        await new OffersRepository(db, database.dialect).applicationCounts(
          companyId,
          page.data.map((o) => o.id),
        );
      });
      expectIndexed(plans, 'offers_company_archived_created_idx');
      // Alerts with job boards, and text with statuses and dates: one pass finds, counts and
      // pages the matches; each offer's alert reads its counter, joined by the offer's key (at
      // scale PostgreSQL may hash the company's counters for that join, see offer-list-filters.ts),
      // and the list is never driven from the index of every offer in alert.
      const filtered = await plansOf(async (db) => {
        await lists(db).page(source, { window, alert: true, jobBoardIds: [1, 2] }, sort, 1, 20);
        await lists(db).page(
          source,
          {
            window,
            statuses: ['published', 'unpublished'],
            createdAt: { from: '2000-01-01', to: null },
            q: 'comptable',
          },
          { field: 'updated_at', direction: 'desc' },
          3,
          20,
        );
      });
      expectIndexed(filtered);
      for (const plan of filtered) {
        // Never the whole table of offers, never the list of every offer in alert.
        expect(plan.text).not.toMatch(/SCAN offers\b|"Node Type":"Seq Scan"/);
        expect(plan.text).not.toMatch(/offer_counters_company_oldest_idx/);
      }
    });

    it('dashboard alerts: a walk down the counters ordered by the oldest application to treat', async () => {
      const window = alertWindow(7);
      const source = { companyId, userId: 1, visibleProjects: null };
      const plans = await plansOf(async (db) => {
        const lists = new OfferListRepository(db, database.dialect);
        await lists.closingSoon(source, window);
        await lists.counterAlertsPage(source, window, 5);
        await lists.counterAlertsPage(source, window, 5, 7);
      });
      const counts = await plansOf(async (db) => {
        const lists = new OfferListRepository(db, database.dialect);
        await lists.counterAlertsCount(source, window);
        await lists.counterAlertsCount(source, window, 7);
      });
      expectIndexed(plans, 'offer_counters_alert_idx', 'offers_company_closing_idx');
      // Pages (the untreated page too) on the index.
      for (const plan of plans.slice(1))
        expect(plan.indexes, plan.text).toContain('offer_counters_alert_idx');
      // Counts: the company's sum (company_counters, migration 0036) less the offers whose
      // oldest application to treat is younger than the cutoff, on the index; the alerts someone
      // opened are counted from the views, as many as were opened.
      expectIndexed(counts, 'offer_alert_views_company_idx');
      expect(counts.some((p) => /company_counters/.test(p.text))).toBe(true);
      const views = /offer_alert_views/;
      for (const plan of counts.filter((p) => /offer_counters/.test(p.text) && !views.test(p.text)))
        expect(plan.indexes, plan.text).toContain('offer_counters_alert_idx');
      // The newest first, straight from the index: nothing sorted.
      if (database.dialect === 'sqlite') expect(plans[1]!.text).not.toMatch(/TEMP B-TREE/);
      else expect(plans[1]!.text).not.toMatch(/"Node Type":"Sort"/);
    });

    it('treatment offers: a page in job-position order and its count', async () => {
      const repo = (db: Kysely<DB>) => new ApplicationsRepository(db, database.dialect);
      const plans = await plansOf(async (db) => {
        await repo(db).treatmentOffers(companyId, null, {}, { limit: 50, offset: 0 });
        await repo(db).treatmentOffersCount(companyId, null);
      });
      expectIndexed(plans, 'offers_company_position_idx');
      // The count from the counters' index alone (to treat: an oldest `new` application).
      expect(
        plans[1]!.indexes.some((i) => /^offer_counters_(alert|company_oldest)_idx$/.test(i)),
      ).toBe(true);
      expect(plans[1]!.text).not.toMatch(/offers/);
      if (database.dialect === 'sqlite') expect(plans[0]!.text).not.toMatch(/TEMP B-TREE/);
      else expect(plans[0]!.text).not.toMatch(/"Node Type":"Sort"/);
    });

    it('career site: the list, its search, count, filter choices, sitemap and feed fingerprint read one index', async () => {
      const repo = (db: Kysely<DB>) => new CareerSitePublicRepository(db);
      const plans = await plansOf(async (db) => {
        await repo(db).offers(companyId, {}, 3, 20);
        await repo(db).offers(companyId, { q: 'compta', contract: 'cdi', place: 'Lyon' }, 1, 20);
        await repo(db).facets(companyId);
        await repo(db).latestLinks(companyId, 5_000);
        await repo(db).publishedFingerprint(companyId);
      });
      // Each page read, its count, the choices, the sitemap's links and the fingerprint.
      expect(plans.filter((p) => /offers/.test(p.text)).length).toBeGreaterThanOrEqual(7);
      for (const plan of plans.filter((p) => /offers/.test(p.text)))
        expect(plan.indexes, plan.text).toContain('offers_public_list_idx');
      // The page comes in the index's order (newest published first): no sort of every offer.
      if (database.dialect === 'sqlite') expect(plans[0]!.text).not.toMatch(/TEMP B-TREE/);
      else expect(plans[0]!.text).not.toMatch(/"Node Type":"Sort"/);
    });

    it('project tree counts read the offer counters, not the applications', async () => {
      const plans = await plansOf((db) => new ProjectsRepository(db).projectCounts(companyId));
      // Each sum from one index: offers per project, their applications to treat per project.
      expectIndexed(plans, 'offers_company_project_idx', 'offer_counters_project_idx');
      expect(plans.map((p) => p.text).join('\n')).not.toMatch(/applications/);
    });
  });
}
