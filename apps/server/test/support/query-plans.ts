import {
  sql,
  type CompiledQuery,
  type Kysely,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
} from 'kysely';
import type { Database } from '../../src/platform/db/database.ts';
import type { DB } from '../../src/platform/db/schema.ts';

/** Records every query a Kysely instance runs, compiled, so that it can be explained afterwards. */
export class Capture implements KyselyPlugin {
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

/** A query's plan: its text, the watched tables it reads whole, its sorts and the indexes it uses. */
export type Plan = { text: string; fullScans: string[]; sorts: number; indexes: string[] };

export type ExplainOptions = {
  /** The tables (or, on SQLite, their aliases) that must not be read whole. */
  tables: readonly string[];
  /** SQLite: whether a scan of a whole index (`SCAN t USING INDEX`) counts as a full read. */
  indexScansAreFull?: boolean;
};

/**
 * Explains a captured query. PostgreSQL explains with sequential scans disabled, so that a small
 * table still shows whether an index can serve the query at all.
 */
export async function explain(
  database: Database,
  query: CompiledQuery,
  { tables, indexScansAreFull = true }: ExplainOptions,
): Promise<Plan> {
  const { db } = database;
  if (database.dialect === 'sqlite') {
    const result = await db.executeQuery<{ detail: string }>({
      ...query,
      sql: `explain query plan ${query.sql}`,
    });
    const lines = result.rows.map((r) => r.detail);
    return {
      text: lines.join('\n'),
      fullScans: lines.flatMap((l) => {
        const scan = /^SCAN (\w+)( USING)?/.exec(l);
        return scan && tables.includes(scan[1]!) && (indexScansAreFull || !scan[2])
          ? [scan[1]!]
          : [];
      }),
      sorts: lines.filter((l) => /TEMP B-TREE FOR ORDER BY/.test(l)).length,
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
      const root = (typeof plan === 'string' ? JSON.parse(plan) : plan) as {
        Plan: Record<string, unknown>;
      }[];
      const fullScans: string[] = [];
      const indexes: string[] = [];
      let sorts = 0;
      const walk = (node: Record<string, unknown>) => {
        const relation = node['Relation Name'] as string | undefined;
        if (node['Node Type'] === 'Seq Scan' && relation && tables.includes(relation))
          fullScans.push(relation);
        if (node['Node Type'] === 'Sort') sorts++;
        if (typeof node['Index Name'] === 'string') indexes.push(node['Index Name']);
        for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? [])
          walk(child);
      };
      walk(root[0]!.Plan);
      return { text: JSON.stringify(root), fullScans, sorts, indexes };
    } finally {
      await sql`reset enable_seqscan`.execute(conn);
    }
  });
}

/**
 * Runs `call` on a capturing Kysely and explains every query it ran, but those that are
 * themselves an `explain` (a repository asking the planner's estimate, search-words.ts).
 */
export async function plansOf(
  database: Database,
  options: ExplainOptions,
  call: (db: Kysely<DB>) => Promise<unknown>,
): Promise<Plan[]> {
  const capture = new Capture(database.db);
  await call(database.db.withPlugin(capture));
  const queries = capture.queries.filter((q) => !/^\s*explain\b/i.test(q.sql));
  return Promise.all(queries.map((q) => explain(database, q, options)));
}
