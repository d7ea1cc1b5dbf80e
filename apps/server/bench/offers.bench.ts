// `npm run bench`: latency of the list calls of spec section 7 on a generated company (see
// generate.ts), with 1 and 10 concurrent callers, beside a trivial route (the ceiling of the stack).
// SQLite in a temporary file always; PostgreSQL too when BENCH_DATABASE_URL is set (in a schema of
// its own, dropped at the end). `BENCH_SCALE=1m` adds the 1,000,000-application company after the
// default one and prints how each call's cost grows with the data. docs/benchmarks.md.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDatabase } from '../src/platform/db/database.ts';
import { migrate } from '../src/platform/db/migrate.ts';
import {
  BENCH_CALLERS,
  benchSeconds,
  checkCall,
  measure,
  signIn,
  startBenchServer,
  type Figure,
} from './bench-harness.ts';
import {
  BIG_OFFER_REFERENCE,
  CV_WORD,
  CV_WORD_HITS,
  EMAIL,
  PASSWORD,
  SIZES,
  type BenchSize,
} from './bench-sizes.ts';
import { generate } from './generate.ts';

const SECONDS = benchSeconds(2);
const SCALE = process.env.BENCH_SCALE;
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : null;
/**
 * `BENCH_KEEP=<name>` keeps each generated database (SQLite `BENCH_DIR/embauche-bench-<name>-<size>.sqlite`,
 * PostgreSQL schema `bench_<name>_<size>`) and reuses it on the next run instead of generating it
 * again; pending migrations are applied to it. Delete the file or drop the schema to regenerate.
 */
const KEEP = process.env.BENCH_KEEP?.replace(/[^a-z0-9_]/gi, '_') || null;

type Result = { name: string; byCallers: Map<number, Figure> };

export async function scenarios(base: string, cookie: string): Promise<[string, string][]> {
  const get = async <T>(url: string) =>
    (await (await fetch(`${base}${url}`, { headers: { cookie } })).json()) as T;
  const tree = await get<{ children: { id: number }[] }>('/api/projects/all/tree');
  const folder = tree.children[0]!.id;
  const found = await get<{ data: { id: number; project_id: number; reference: string }[] }>(
    `/api/projects/all/offers?filter[q]=${BIG_OFFER_REFERENCE}&per_page=100`,
  );
  const big = found.data.find((o) => o.reference === BIG_OFFER_REFERENCE)!;
  const apps = `/api/projects/${big.project_id}/offers/${big.id}/applications`;
  const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10);
  return [
    ['trivial route (GET /api/health)', '/api/health'],
    ['applicant list, page 1 with total', '/api/applicants'],
    ['applicant search, one name (dupont)', '/api/applicants?search=dupont'],
    ['applicant search, full name (camille dupont)', '/api/applicants?search=camille%20dupont'],
    [
      `applicant search, CV word (${CV_WORD}, ${CV_WORD_HITS} hits)`,
      `/api/applicants?search=${CV_WORD}`,
    ],
    ['applicant search, two prefixes (compta lyo)', '/api/applicants?search=compta%20lyo'],
    // Issue 15: two CV words (8,334 matches of 100,000) and two facets, the first page with counts.
    [
      'sourcing: two words + two facets',
      '/api/sourcing/search?q=soudure%20lyon&filter[source]=1&filter[job_board]=1',
    ],
    ['offer list, page 1, default sort', '/api/projects/all/offers'],
    [
      'offer list, status + created_at + q + sort, page 3',
      `/api/projects/all/offers?filter[status]=published,unpublished&filter[created_at]=${day(90)},&filter[q]=comptable&sort=-updated_at&page=3`,
    ],
    [
      'offer list, alert + jobboard filters',
      '/api/projects/all/offers?filter[alert]=1&filter[jobboard]=1,2',
    ],
    ['offer list of a folder, archived', `/api/projects/${folder}/offers?filter[archived]=1`],
    ['project tree (GET /projects/all/tree)', '/api/projects/all/tree'],
    ['project list as a tree (GET /projects?mode=tree)', '/api/projects?mode=tree'],
    ['big offer: applications, page 1', `${apps}?page=1`],
    [
      'big offer: statuses + scope_range + job_boards + sort, p2',
      `${apps}?page=2&filter[statuses]=2,3,4&filter[scope_range]=${day(30)},&filter[job_boards]=1,2&sort=lastname`,
    ],
    ['big offer: search by name', `${apps}?page=1&filter[search]=martin`],
    ['big offer: kanban column counts', `${apps}/counts`],
    ['big offer: unpaged list (5,000)', apps],
    ['dashboard: latest offers', '/api/dashboard/offers/latest?page=1'],
    ['dashboard: alerts', '/api/dashboard/offers/alerts?page=1'],
    ['dashboard: untreated alerts', '/api/dashboard/offers/alerts/untreated?page=1'],
    ['treatment list (to treat, all offers)', '/api/treatment/applications'],
    // The treatment screen's offer filter: a page of 50, searched as the user types.
    ['treatment offers (page of 50)', '/api/treatment/applications/offers?page=1&per_page=50'],
    [
      'treatment offers, searched (comptable)',
      '/api/treatment/applications/offers?page=1&per_page=50&search=comptable',
    ],
    ['treatment offers, unpaged (every offer)', '/api/treatment/applications/offers'],
  ];
}

type Target = {
  url: string;
  schema?: string;
  /** false: a kept database, already generated (BENCH_KEEP). */
  fresh: boolean;
  /** After generation: a kept database takes its final name. */
  generated?(): Promise<void>;
  drop(): Promise<void>;
};

async function prepare(label: string, size: BenchSize, target: Target) {
  const database = createDatabase(target.url, target.schema ? { searchPath: target.schema } : {});
  try {
    const started = Date.now();
    const applied = await migrate(database);
    if (!target.fresh) {
      console.log(
        `[${label} ${size.name}] reusing the kept database${applied.length ? `, migrated ${applied.join(', ')} in ${((Date.now() - started) / 1000).toFixed(1)} s` : ''}`,
      );
      return;
    }
    await generate(database, size, target.url, target.schema);
    console.log(
      `[${label} ${size.name}] generated ${size.offers} offers, ${size.applicants} applicants, ${size.applications} applications in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await database.destroy();
  }
  await target.generated?.();
}

async function run(label: string, size: BenchSize, target: Target) {
  await prepare(label, size, target);
  const { url, schema } = target;
  const { base, stop } = await startBenchServer(url, { searchPath: schema });
  try {
    const cookie = await signIn(base, EMAIL, PASSWORD);
    const results: Result[] = [];
    for (const [name, target] of await scenarios(base, cookie)) {
      if (ONLY && !ONLY.test(name) && !name.startsWith('trivial')) continue;
      await checkCall(base, cookie, target);
      const byCallers = new Map<number, Figure>();
      for (const callers of BENCH_CALLERS)
        byCallers.set(callers, await measure(base, cookie, target, callers, SECONDS));
      results.push({ name, byCallers });
    }
    print(`${label}, ${size.name} size`, results);
    return results;
  } finally {
    await stop();
  }
}

const ms = (v: number) => (Number.isNaN(v) ? '—' : `${Number.isInteger(v) ? v : v.toFixed(1)} ms`);

function print(label: string, results: Result[]) {
  const heads = BENCH_CALLERS.flatMap((c) => [
    `${c}c median`.padStart(10),
    `${c}c p99`.padStart(9),
    `${c}c req/s`.padStart(9),
  ]);
  console.log(`\n${label}: ${SECONDS} s per scenario and caller count`);
  console.log(`${'scenario'.padEnd(58)} ${heads.join(' ')} errors`);
  for (const r of results) {
    const cells = BENCH_CALLERS.flatMap((c) => {
      const f = r.byCallers.get(c)!;
      return [ms(f.p50).padStart(10), ms(f.p99).padStart(9), String(f.rps).padStart(9)];
    });
    const errors = [...r.byCallers.values()].reduce((n, f) => n + f.errors, 0);
    console.log(`${r.name.padEnd(58)} ${cells.join(' ')} ${errors}`);
  }
  const trivial = results.find((r) => r.name.startsWith('trivial'));
  const list = results.find((r) => r.name.startsWith('applicant list'));
  const most = Math.max(...BENCH_CALLERS);
  if (trivial && list) {
    const ratio = list.byCallers.get(most)!.rps / trivial.byCallers.get(most)!.rps;
    console.log(
      `throughput of the applicant list with ${most} callers: ${Math.round(ratio * 100)} % of the trivial route's`,
    );
  }
}

function growth(label: string, small: Result[], large: Result[]) {
  const least = Math.min(...BENCH_CALLERS);
  // The median is in whole ms (1 → 2 ms reads ×2): the mean, to a tenth, tells small calls' growth.
  console.log(
    `\n${label}: growth of the ${least}-caller median, and of the mean, from the default size to ${SCALE}`,
  );
  const ratio = (before: number | undefined, after: number) =>
    before && !Number.isNaN(after) ? `×${(after / before).toFixed(2)}` : '×-';
  for (const r of large) {
    const was = small.find((s) => s.name === r.name)?.byCallers.get(least);
    const now = r.byCallers.get(least)!;
    const mean = (v: number | undefined) =>
      v === undefined || Number.isNaN(v) ? '—' : v.toFixed(1);
    console.log(
      `${r.name.padEnd(58)} ${ms(was?.p50 ?? NaN).padStart(9)} → ${ms(now.p50).padStart(9)}  ${ratio(was?.p50, now.p50).padEnd(6)}` +
        `   mean ${mean(was?.mean).padStart(6)} → ${mean(now.mean).padStart(6)} ms  ${ratio(was?.mean, now.mean)}`,
    );
  }
}

async function runAll(label: string, url: (size: BenchSize) => Promise<Target>) {
  const sizes = [
    SIZES.default!,
    ...(SCALE ? [SIZES[SCALE] ?? fail(`unknown BENCH_SCALE ${SCALE}`)] : []),
  ];
  const all: Result[][] = [];
  for (const size of sizes) {
    const target = await url(size);
    try {
      all.push(await run(label, size, target));
    } finally {
      await target.drop();
    }
  }
  if (all.length === 2) growth(label, all[0]!, all[1]!);
}

function fail(message: string): never {
  throw new Error(message);
}

async function main() {
  const which = process.env.BENCH_DB ?? 'sqlite,postgres';
  if (which.includes('sqlite')) {
    await runAll('SQLite', async (size) => {
      if (KEEP) {
        const dir = process.env.BENCH_DIR ?? tmpdir();
        mkdirSync(dir, { recursive: true });
        const file = path.join(dir, `embauche-bench-${KEEP}-${size.name}.sqlite`);
        if (existsSync(file)) return { url: `sqlite:${file}`, fresh: false, drop: async () => {} };
        // Generated under another name, renamed once complete: a killed run leaves no half file.
        const partial = `${file}.partial`;
        for (const f of [partial, `${partial}-wal`, `${partial}-shm`]) rmSync(f, { force: true });
        const target: Target = {
          url: `sqlite:${partial}`,
          fresh: true,
          generated: async () => {
            renameSync(partial, file);
            target.url = `sqlite:${file}`;
          },
          drop: async () => {},
        };
        return target;
      }
      const dir = mkdtempSync(path.join(process.env.BENCH_DIR ?? tmpdir(), 'embauche-bench-db-'));
      return {
        url: `sqlite:${path.join(dir, 'bench.sqlite')}`,
        fresh: true,
        drop: async () => rmSync(dir, { recursive: true, force: true }),
      };
    });
  }
  const pgUrl = process.env.BENCH_DATABASE_URL;
  if (pgUrl && which.includes('postgres')) {
    await runAll('PostgreSQL', async (size) => {
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      if (KEEP) {
        const kept = `bench_${KEEP}_${size.name}`.toLowerCase();
        const { rowCount } = await admin.query(
          `select 1 from information_schema.schemata where schema_name = $1`,
          [kept],
        );
        if (rowCount) {
          await admin.end();
          return { url: pgUrl, schema: kept, fresh: false, drop: async () => {} };
        }
        // Generated under another name, renamed once complete (the server reads the final one).
        const partial = `${kept}_partial`;
        await admin.query(`drop schema if exists ${partial} cascade`);
        await admin.query(`create schema ${partial}`);
        const target: Target = {
          url: pgUrl,
          schema: partial,
          fresh: true,
          generated: async () => {
            await admin.query(`alter schema ${partial} rename to ${kept}`);
            target.schema = kept;
          },
          drop: () => admin.end(),
        };
        return target;
      }
      const schema = `bench_${randomBytes(4).toString('hex')}`;
      await admin.query(`create schema ${schema}`);
      return {
        url: pgUrl,
        schema,
        fresh: true,
        drop: async () => {
          await admin.query(`drop schema ${schema} cascade`);
          await admin.end();
        },
      };
    });
  }
}

if (!process.env.BENCH_NO_MAIN)
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
