// `npm run bench`: latency of the offer list (with filters), the project tree, an offer's
// applications (5,000 on one offer: list page with filters, board counts) and the applicant search
// (100,000 applicants, full text) on a generated company of 10,000 offers in 500 projects. SQLite in a temporary file always; PostgreSQL too when
// BENCH_DATABASE_URL is set (in a schema of its own, dropped at the end).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { createDatabase, type Database } from '../src/platform/db/database.ts';
import { migrate } from '../src/platform/db/migrate.ts';
import {
  APPLICANTS,
  BIG_OFFER_REFERENCE,
  EMAIL,
  FOLDERS,
  generate,
  LEAVES_PER_FOLDER,
  OFFERS,
  PASSWORD,
} from './generate.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

type Figure = { name: string; p50: number; p99: number; rps: number; errors: number };

async function measure(base: string, cookie: string, name: string, url: string): Promise<Figure> {
  const result = await autocannon({
    url: `${base}${url}`,
    connections: CONNECTIONS,
    duration: DURATION,
    headers: { cookie },
  });
  const errors = result.errors + result.non2xx;
  return {
    name,
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: Math.round(result.requests.average),
    errors,
  };
}

/** Starts bench-server.ts in a child process and answers its base URL and a stopper. */
async function startServer(url: string, searchPath?: string) {
  const child = spawn(
    process.execPath,
    [
      // e.g. BENCH_NODE_ARGS="--cpu-prof" to profile the server
      ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      '--import',
      'tsx',
      path.join(import.meta.dirname, 'bench-server.ts'),
    ],
    {
      env: {
        ...process.env,
        BENCH_URL: url,
        ...(searchPath ? { BENCH_SEARCH_PATH: searchPath } : {}),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    child.stdout.on('data', (chunk: Buffer) => {
      const match = /listening (\d+)/.exec(chunk.toString());
      if (match) resolve(Number(match[1]));
    });
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      child.removeAllListeners('exit');
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { base: `http://127.0.0.1:${port}`, stop };
}

async function run(
  label: string,
  database: Database,
  url: string,
  searchPath?: string,
): Promise<Figure[]> {
  await migrate(database);
  const started = Date.now();
  await generate(database);
  console.log(
    `[${label}] generated ${OFFERS} offers in ${FOLDERS * (LEAVES_PER_FOLDER + 1)} projects and ${APPLICANTS} applicants in ${Date.now() - started} ms`,
  );
  const { base, stop } = await startServer(url, searchPath);
  try {
    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    if (!login.ok || !cookie) throw new Error(`sign-in failed: ${login.status}`);
    const tree = (await (
      await fetch(`${base}/api/projects/all/tree`, { headers: { cookie } })
    ).json()) as {
      children: { id: number }[];
    };
    const folder = tree.children[0]!.id;
    const from = new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10);
    const found = (await (
      await fetch(`${base}/api/projects/all/offers?filter[q]=${BIG_OFFER_REFERENCE}&per_page=100`, {
        headers: { cookie },
      })
    ).json()) as { data: { id: number; project_id: number; reference: string }[] };
    const big = found.data.find((o) => o.reference === BIG_OFFER_REFERENCE)!;
    const apps = `/api/projects/${big.project_id}/offers/${big.id}/applications`;
    const month = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    const scenarios: [string, string][] = [
      ['offer list, page 1, default sort', '/api/projects/all/offers'],
      [
        'offer list, status + created_at + q + sort, page 3',
        `/api/projects/all/offers?filter[status]=published,unpublished&filter[created_at]=${from},&filter[q]=comptable&sort=-updated_at&page=3`,
      ],
      [
        'offer list, alert + jobboard filters',
        '/api/projects/all/offers?filter[alert]=1&filter[jobboard]=1,2',
      ],
      ['offer list of a folder, archived', `/api/projects/${folder}/offers?filter[archived]=1`],
      ['project tree (GET /projects/all/tree)', '/api/projects/all/tree'],
      ['project list as a tree (GET /projects?mode=tree)', '/api/projects?mode=tree'],
      ['applications of a 5,000-application offer, page 1', `${apps}?page=1`],
      [
        'same, statuses + scope_range + job_boards + sort, page 2',
        `${apps}?page=2&filter[statuses]=2,3,4&filter[scope_range]=${month},&filter[job_boards]=1,2&sort=lastname`,
      ],
      ['same, search by name', `${apps}?page=1&filter[search]=martin`],
      ['kanban column counts of that offer', `${apps}/counts`],
      ['applicant search, 100,000 applicants (name)', '/api/applicants?search=dupont'],
      ['applicant search, two prefixes (CV text)', '/api/applicants?search=compta%20lyo'],
      ['treatment list (to treat, all offers)', '/api/treatment/applications'],
    ];
    const figures: Figure[] = [];
    for (const [name, path] of scenarios) figures.push(await measure(base, cookie, name, path));
    return figures;
  } finally {
    await stop();
  }
}

function print(label: string, figures: Figure[]) {
  console.log(`\n${label}: ${CONNECTIONS} connections, ${DURATION} s per scenario`);
  console.log(
    `${'scenario'.padEnd(56)} ${'median'.padStart(8)} ${'p99'.padStart(8)} ${'req/s'.padStart(7)} errors`,
  );
  for (const f of figures) {
    console.log(
      `${f.name.padEnd(56)} ${`${f.p50} ms`.padStart(8)} ${`${f.p99} ms`.padStart(8)} ${String(f.rps).padStart(7)} ${f.errors}`,
    );
  }
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'embauche-bench-db-'));
  const sqliteUrl = `sqlite:${path.join(dir, 'bench.sqlite')}`;
  const sqlite = createDatabase(sqliteUrl);
  try {
    print('SQLite', await run('sqlite', sqlite, sqliteUrl));
  } finally {
    await sqlite.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
  const pgUrl = process.env.BENCH_DATABASE_URL;
  if (pgUrl) {
    const schema = `bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    const database = createDatabase(pgUrl, { searchPath: schema });
    try {
      print('PostgreSQL', await run('postgres', database, pgUrl, schema));
    } finally {
      await database.destroy();
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    }
  }
}

if (!process.env.BENCH_NO_MAIN)
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
