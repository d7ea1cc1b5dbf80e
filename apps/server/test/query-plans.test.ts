import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  sql,
  type CompiledQuery,
  type Kysely,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate, type BenchSize } from '../bench/generate.ts';
import { ApplicantsRepository } from '../src/modules/applicants/applicants.repository.ts';
import { ApplicationsRepository } from '../src/modules/applications/applications.repository.ts';
import { alertWindow } from '../src/modules/offers/offer-filters.ts';
import { OfferListRepository } from '../src/modules/offers/offer-list.repository.ts';
import { OffersRepository } from '../src/modules/offers/offers.repository.ts';
import { ProjectsRepository } from '../src/modules/projects/projects.repository.ts';
import { createDatabase, type Database } from '../src/platform/db/database.ts';
import type { DB } from '../src/platform/db/schema.ts';
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

/** Records every query a Kysely instance runs, compiled, so that it can be explained afterwards. */
class Capture implements KyselyPlugin {
  readonly queries: CompiledQuery[] = [];
  constructor(private readonly db: Kysely<DB>) {}
  transformQuery(args: PluginTransformQueryArgs) {
    this.queries.push(this.db.getExecutor().compileQuery(args.node, args.queryId));
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs) {
    return args.result;
  }
}

type Plan = { text: string; fullScans: string[]; indexes: string[] };

async function explain(database: Database, query: CompiledQuery): Promise<Plan> {
  const { db } = database;
  if (database.dialect === 'sqlite') {
    const result = await db.executeQuery<{ detail: string }>({
      ...query,
      sql: `explain query plan ${query.sql}`,
    });
    const lines = result.rows.map((r) => r.detail);
    return {
      text: lines.join('\n'),
      fullScans: lines.flatMap((l) => /^SCAN (applications|applicants)\b/.exec(l)?.[1] ?? []),
      indexes: lines.flatMap((l) => / INDEX (\w+)/.exec(l)?.[1] ?? []),
    };
  }
  return db.connection().execute(async (conn) => {
    await sql`set enable_seqscan = off`.execute(conn);
    try {
      const result = await conn.executeQuery<{ 'QUERY PLAN': unknown }>({
        ...query,
        sql: `explain (format json) ${query.sql}`,
      });
      const plan = result.rows[0]!['QUERY PLAN'];
      const fullScans: string[] = [];
      const indexes: string[] = [];
      const walk = (node: Record<string, unknown>) => {
        const relation = node['Relation Name'] as string | undefined;
        if (node['Node Type'] === 'Seq Scan' && relation && /^applica(tions|nts)$/.test(relation))
          fullScans.push(relation);
        if (typeof node['Index Name'] === 'string') indexes.push(node['Index Name']);
        for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? [])
          walk(child);
      };
      const root = (typeof plan === 'string' ? JSON.parse(plan) : plan) as {
        Plan: Record<string, unknown>;
      }[];
      walk(root[0]!.Plan);
      return { text: JSON.stringify(root), fullScans, indexes };
    } finally {
      await sql`reset enable_seqscan`.execute(conn);
    }
  });
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

    /** Runs `call` against repositories on a capturing Kysely and explains every query it ran. */
    async function plansOf(call: (db: Kysely<DB>) => Promise<unknown>): Promise<Plan[]> {
      const capture = new Capture(database.db);
      await call(database.db.withPlugin(capture));
      return Promise.all(capture.queries.map((q) => explain(database, q)));
    }

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
      const plans = await plansOf((db) =>
        new ApplicantsRepository(db, database.dialect).search(seeAll, 'dupont', 1, 20),
      );
      expectIndexed(
        plans,
        ...(database.dialect === 'postgres' ? ['applicant_search_document_idx'] : []),
      );
    });

    it("an offer's applications: page, filtered page and board counts", async () => {
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
        await repo(db).countsByStatus(companyId, { offerIds: [bigOffer] });
      });
      expectIndexed(plans);
      for (const plan of plans)
        expect(
          plan.indexes.some((i) => /^applications_(company_)?offer_/.test(i)),
          plan.text,
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

    it('offer list: default page, alert filter and the rows’ counters', async () => {
      const window = alertWindow(7);
      const source = { companyId, userId: 1, visibleProjects: null };
      const plans = await plansOf(async (db) => {
        const lists = new OfferListRepository(db);
        const page = await lists.page(
          source,
          { window },
          { field: 'created_at', direction: 'desc' },
          1,
          20,
        );
        await lists.page(
          source,
          { window, alert: true },
          { field: 'created_at', direction: 'desc' },
          1,
          20,
        );
        await new OffersRepository(db).applicationCounts(
          companyId,
          page.data.map((o) => o.id),
        );
      });
      expectIndexed(plans, 'offer_counters_company_oldest_idx');
    });

    it('project tree counts read the offer counters, not the applications', async () => {
      const plans = await plansOf((db) => new ProjectsRepository(db).projectCounts(companyId));
      expectIndexed(plans);
      expect(plans.map((p) => p.text).join('\n')).not.toMatch(/applications/);
    });
  });
}
