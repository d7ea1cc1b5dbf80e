// `npm run bench:hostile`: the built server (dist/main.js, SQLite in a temporary folder, demo data)
// receives decompression-bomb CVs as manual applicants' files; while the background job reads
// each one, /api/health is asked every 10 ms. Prints the health latency (count, median, p99, max),
// how the job ended, and the server's peak memory. Before issue 9 the 37 MB-inside DOCX blocked
// every request for 97 s and the 370 MB-inside one killed the process.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { docxBomb, docxWith, pdfBomb } from '../test/support/hostile-files.ts';
import { pdfWith } from '../test/support/multipart.ts';

const SERVER = process.env.BENCH_SERVER_ENTRY ?? path.join(import.meta.dirname, '../dist/main.js');
/** Longest wait for one job; the health loop stops then whatever happens. */
const JOB_DEADLINE_MS = 120_000;
const IDLE_MS = 2_000;

type Job = { status: string; attempts: number; last_error: string | null };

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function stats(latencies: number[]) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  return `${sorted.length} requests, median ${ms(at(0.5))}, p99 ${ms(at(0.99))}, max ${ms(sorted.at(-1) ?? NaN)}`;
}

/** Peak resident memory of a process (Linux), in MB. */
function peakRssMb(pid: number | undefined): string {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? `${Math.round(Number(kb) / 1024)} MB` : '?';
  } catch {
    return '?';
  }
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'embauche-hostile-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [SERVER], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'error',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited: string | null = null;
  server.once('exit', (code, signal) => {
    exited = `server exited (${signal ?? `code ${code}`})`;
  });
  const db = new Sqlite(path.join(dataDir, 'embauche.sqlite'), {
    fileMustExist: false,
    timeout: 5000,
  });
  try {
    const ready = Date.now() + 60_000;
    for (;;) {
      if (exited) throw new Error(exited);
      if (Date.now() > ready) throw new Error('server did not start within 60 s');
      const ok = await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await sleep(100);
    }
    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.test', password: 'demo1234' }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    if (!login.ok || !cookie) throw new Error(`sign-in failed: ${login.status}`);

    const idle: number[] = [];
    for (const end = Date.now() + IDLE_MS; Date.now() < end;) {
      const t = performance.now();
      await fetch(`${base}/api/health`).then((r) => r.arrayBuffer());
      idle.push(performance.now() - t);
      await sleep(10);
    }
    console.log(`idle server: ${stats(idle)}`);

    const files: [string, string, Buffer][] = [
      ['ordinary DOCX (control)', 'cv.docx', docxWith(['Jeanne Dupont', 'Soudeuse TIG'])],
      ['ordinary PDF (control)', 'cv.pdf', await pdfWith(['Paul Durand', 'Chaudronnier'])],
      ['DOCX, 37 MB of XML inside', 'cv.docx', docxBomb(37)],
      ['DOCX, 370 MB of XML inside', 'cv.docx', docxBomb(370)],
      ['PDF, 300 MB content stream', 'cv.pdf', pdfBomb(300)],
    ];
    for (const [n, [label, filename, data]] of files.entries()) {
      const form = new FormData();
      form.set('firstname', 'Bench');
      form.set('lastname', `Hostile ${n}`);
      form.set('email', `bench.hostile.${n}.${Date.now()}@exemple.fr`);
      form.set('cv', new Blob([data]), filename);
      const t0 = performance.now();
      const res = await fetch(`${base}/api/applicants/manual`, {
        method: 'POST',
        headers: { cookie },
        body: form,
      });
      const uploadMs = performance.now() - t0;
      if (res.status !== 201)
        throw new Error(`upload of ${label} answered ${res.status}: ${await res.text()}`);
      const applicantId = ((await res.json()) as { applicant: { id: number } }).applicant.id;

      const jobOf = () =>
        (
          db
            .prepare(
              `select status, attempts, last_error, payload from jobs where type = 'applicant.cv_text' order by id desc limit 20`,
            )
            .all() as (Job & { payload: string })[]
        ).find(
          (j) => (JSON.parse(j.payload) as { applicant_id: number }).applicant_id === applicantId,
        );
      let job: Job | undefined;
      let finished = false;
      let jobMs = NaN;
      // The job is watched in the database apart from the health loop, every 50 ms.
      const watcher = (async () => {
        const end = Date.now() + JOB_DEADLINE_MS;
        while (!finished && Date.now() < end && !exited) {
          job = jobOf();
          if (job && (job.status === 'done' || job.status === 'dead')) {
            jobMs = performance.now() - t0;
            break;
          }
          await sleep(50);
        }
        finished = true;
      })();
      const latencies: number[] = [];
      let failures = 0;
      while (!finished) {
        const t = performance.now();
        const ok = await fetch(`${base}/api/health`, {
          signal: AbortSignal.timeout(JOB_DEADLINE_MS),
        })
          .then(async (r) => (await r.arrayBuffer(), r.ok))
          .catch(() => false);
        const took = performance.now() - t;
        latencies.push(took);
        if (!ok) failures++;
        await sleep(Math.max(0, 10 - took));
      }
      await watcher;
      const text = db.prepare('select cv_text from applicants where id = ?').get(applicantId) as
        { cv_text: string | null } | undefined;
      console.log(
        `\n${label} (${Math.round(data.length / 1024)} KB file), upload answered in ${uploadMs.toFixed(0)} ms`,
      );
      console.log(
        `  health during the job: ${stats(latencies)}${failures ? `, ${failures} failed` : ''}`,
      );
      console.log(
        exited
          ? `  ${exited}`
          : job
            ? `  job ${job.status} after ${job.attempts} attempt(s) in ${(jobMs / 1000).toFixed(2)} s (from upload, incl. the worker's 1 s poll): ${job.last_error ?? `cv_text ${JSON.stringify(text?.cv_text)}`}`
            : '  job not found',
      );
      if (exited) break;
    }
    console.log(`\nserver peak RSS: ${peakRssMb(server.pid)}`);
  } finally {
    db.close();
    if (!exited) {
      const gone = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await Promise.race([gone, sleep(12_000)]);
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
