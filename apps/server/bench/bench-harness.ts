// What every benchmark script shares: the server under test in its own process (bench-server.ts,
// so that the load generator does not share its event loop), signing in, and autocannon's figures.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

/** Seconds per call and caller count (`BENCH_SECONDS`). */
export const benchSeconds = (fallback: number) => Number(process.env.BENCH_SECONDS ?? fallback);
/** Caller counts (`BENCH_CONNECTIONS`, default 1 and 10). */
export const BENCH_CALLERS = (process.env.BENCH_CONNECTIONS ?? '1,10').split(',').map(Number);

/** Latencies in ms: autocannon's percentiles are whole ms; the mean keeps its fraction. */
export type Figure = { p50: number; p99: number; mean: number; rps: number; errors: number };

/**
 * Starts bench-server.ts in a child process on the database `url` (PostgreSQL: in `searchPath`),
 * with `dataDir` as its data directory when the benchmark stored files there; answers its base
 * URL and a stopper. `BENCH_NODE_ARGS="--cpu-prof"` profiles the server.
 */
export async function startBenchServer(
  url: string,
  opts: { searchPath?: string; dataDir?: string } = {},
) {
  const child = spawn(
    process.execPath,
    [
      // As `npm start` runs the server: a young generation big enough for a 3 MB answer's
      // garbage (an offer's whole board) to be collected in fewer, cheaper scavenges.
      '--max-semi-space-size=32',
      ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      '--import',
      'tsx',
      path.join(import.meta.dirname, 'bench-server.ts'),
    ],
    {
      env: {
        ...process.env,
        BENCH_URL: url,
        ...(opts.searchPath ? { BENCH_SEARCH_PATH: opts.searchPath } : {}),
        ...(opts.dataDir ? { BENCH_DATA_DIR: opts.dataDir } : {}),
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

/** Signs in; answers the session's cookie header. */
export async function signIn(base: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (!res.ok || !cookie) throw new Error(`sign-in of ${email}: ${res.status}`);
  return cookie;
}

/** A JSON caller of the bench server with a session's cookie. */
export function caller(base: string, cookie: string) {
  return (path: string, init: RequestInit = {}) =>
    fetch(`${base}${path}`, {
      ...init,
      headers: { cookie, 'content-type': 'application/json', ...init.headers },
    });
}

/**
 * Reads a bulk operation (`url`) every 100 ms until it is done or failed, or `limitMs` after
 * `since`: answers the last read.
 */
export async function pollOperation<T extends { status: string }>(
  call: ReturnType<typeof caller>,
  url: string,
  first: T,
  since: number,
  limitMs: number,
): Promise<T> {
  let op = first;
  while (performance.now() - since < limitMs) {
    op = (await (await call(url)).json()) as T;
    if (op.status === 'done' || op.status === 'failed') break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return op;
}

/** Fails when the call does not answer 2xx: a benchmark of errors measures nothing. */
export async function checkCall(base: string, cookie: string, url: string): Promise<void> {
  const check = await fetch(`${base}${url}`, { headers: { cookie } });
  if (!check.ok) throw new Error(`${url}: ${check.status} ${await check.text()}`);
}

/** `callers` concurrent callers on `url` for `seconds`: median, p99, requests per second, errors. */
export async function measure(
  base: string,
  cookie: string,
  url: string,
  callers: number,
  seconds: number,
): Promise<Figure> {
  const result = await autocannon({
    url: `${base}${url}`,
    connections: callers,
    duration: seconds,
    headers: { cookie },
  });
  // No answer within the run (each call slower than `seconds`): no figure rather than 0 ms.
  const answered = result.requests.total > 0;
  return {
    p50: answered ? result.latency.p50 : NaN,
    p99: answered ? result.latency.p99 : NaN,
    mean: answered ? result.latency.average : NaN,
    rps: Math.round(result.requests.average),
    errors: result.errors + result.non2xx,
  };
}

/** A case of measureCases: a name, the caller's cookie, the URL and, optionally, a target in ms. */
export type BenchCase = readonly [name: string, cookie: string, url: string, targetMs?: number];

/**
 * Measures each case with every caller count and prints one line per case; answers the figures by
 * case name and the names of the cases with a target whose one-caller median is not under it.
 * Errors fail the run.
 */
export async function measureCases(
  base: string,
  cases: readonly BenchCase[],
  seconds: number,
  { warmUp = 0 }: { warmUp?: number } = {},
): Promise<{ figures: Map<string, Map<number, Figure>>; missed: string[] }> {
  const figures = new Map<string, Map<number, Figure>>();
  const missed: string[] = [];
  // Warm-up calls of every case first (JIT, serializers, the database's cache): the figures are
  // then the steady state.
  for (const [, cookie, url] of cases)
    for (let i = 0; i < warmUp; i++)
      await (await fetch(`${base}${url}`, { headers: { cookie } })).arrayBuffer();
  for (const [name, cookie, url, targetMs] of cases) {
    await checkCall(base, cookie, url);
    const byCallers = new Map<number, Figure>();
    for (const callers of BENCH_CALLERS) {
      const figure = await measure(base, cookie, url, callers, seconds);
      if (figure.errors) throw new Error(`${name}: ${figure.errors} errors`);
      byCallers.set(callers, figure);
    }
    figures.set(name, byCallers);
    if (targetMs !== undefined && (byCallers.get(1)?.p50 ?? 0) >= targetMs) missed.push(name);
    const line = [...byCallers].map(
      ([callers, f]) =>
        `${callers} caller${callers > 1 ? 's' : ''}: median ${f.p50} ms, p99 ${f.p99} ms, ${f.rps} req/s`,
    );
    console.log(`  ${name.padEnd(44)} ${line.join(' | ')}`);
  }
  return { figures, missed };
}

/** Measures one database: answers true when a median missed its target. */
export type DatabaseRun = (
  label: string,
  url: string,
  dir: string,
  schema?: string,
) => Promise<boolean>;

/**
 * Runs a bench on SQLite in a temporary folder, then on PostgreSQL in a schema of its own (dropped
 * afterwards unless BENCH_KEEP_SCHEMA=1) when BENCH_DATABASE_URL is set; sets a failing exit code with `missedMessage` when a
 * median missed its target on either.
 */
export async function runOnDatabases(prefix: string, run: DatabaseRun, missedMessage: string) {
  const dir = mkdtempSync(path.join(tmpdir(), `embauche-${prefix}-bench-`));
  let slow = false;
  try {
    slow = await run('SQLite', `sqlite:${path.join(dir, 'bench.sqlite')}`, dir);
    const pgUrl = process.env.BENCH_DATABASE_URL;
    if (pgUrl) {
      const schema = `bench_${prefix}_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      try {
        slow = (await run('PostgreSQL', pgUrl, dir, schema)) || slow;
      } finally {
        // BENCH_KEEP_SCHEMA=1 keeps the data to look at its plans (drop the schema afterwards).
        if (process.env.BENCH_KEEP_SCHEMA === '1') console.log(`PostgreSQL schema kept: ${schema}`);
        else await admin.query(`drop schema ${schema} cascade`);
        await admin.end();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (slow) {
    console.error(missedMessage);
    process.exitCode = 1;
  }
}
