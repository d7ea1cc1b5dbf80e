// `npm run lighthouse`: Lighthouse (desktop preset) on the login page and on the dashboard of the
// production build, with the performance and best-practices scores and what they hold against us;
// and (mobile preset, issue 37) on the public career site's offer page and offer list, with the
// performance, accessibility, best-practices and SEO scores.
//
// Run `npm run build` first: the script starts apps/server/dist on a free port with a fresh seeded
// SQLite database (NODE_ENV=production), or measures LIGHTHOUSE_URL (e.g. a running `npm start`).
// The dashboard is measured signed in: a session cookie from POST /api/login goes in every request.
// Chromium is CHROME_PATH (default /usr/bin/chromium). LIGHTHOUSE_RUNS=3 keeps the median run of
// each page. Reports (HTML and JSON) land in a temporary folder named at the end.
// Exits with 1 when a page scores under its targets: the app's pages 0.95 in performance and 1 in
// best practices; the career site's 0.95 in each of its four categories.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const LIGHTHOUSE_CLI = path.join(ROOT, 'node_modules/lighthouse/cli/index.js');
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const EMAIL = process.env.LIGHTHOUSE_EMAIL ?? 'admin@demo.test';
const PASSWORD = process.env.LIGHTHOUSE_PASSWORD ?? 'demo1234';
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
const APP_TARGETS = { performance: 0.95, 'best-practices': 1 };
const SITE_TARGETS = { performance: 0.95, accessibility: 0.95, 'best-practices': 0.95, seo: 0.95 };

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function startServer() {
  if (process.env.LIGHTHOUSE_URL) {
    return { url: process.env.LIGHTHOUSE_URL.replace(/\/$/, ''), stop: async () => {} };
  }
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'embauche-lighthouse-data-'));
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PUBLIC_URL: url,
      MERCURE_JWT_SECRET: randomBytes(32).toString('hex'),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('the server stopped; did `npm run build` run?');
    const up = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error('the server did not start within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function sessionCookie(url) {
  const res = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('embauche_session='));
  if (!res.ok || !cookie)
    throw new Error(`sign-in as ${EMAIL} failed (${res.status}): ${await res.text()}`);
  return cookie.split(';')[0];
}

/** Lighthouse on one page: `mobile` is Lighthouse's default preset (a phone, throttled). */
function lighthouse(pageUrl, outputBase, { headers, preset, targets }) {
  const args = [
    LIGHTHOUSE_CLI,
    pageUrl,
    ...(preset === 'desktop' ? ['--preset=desktop'] : []),
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
    `--only-categories=${Object.keys(targets).join(',')}`,
    '--output=json',
    '--output=html',
    `--output-path=${outputBase}`,
    '--quiet',
  ];
  if (headers) args.push(`--extra-headers=${JSON.stringify(headers)}`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env: { ...process.env, CHROME_PATH },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(readFileSync(`${outputBase}.report.json`, 'utf8')))
        : reject(new Error(`lighthouse exited with ${code} on ${pageUrl}`)),
    );
  });
}

// Headless Chromium now and then fails to record the trace (NO_NAVSTART): Lighthouse says to run again.
async function withRetries(run, attempts = 3) {
  for (let i = 1; ; i++) {
    try {
      return await run();
    } catch (error) {
      if (i >= attempts) throw error;
      console.error(`${error.message}; trying again`);
    }
  }
}

const ms = (audit) => `${Math.round(audit.numericValue)} ms`;

function summarize(name, lhr, reportBase, targets) {
  const score = (id) => lhr.categories[id].score;
  const a = lhr.audits;
  console.log(
    `\n${name}: ${Object.keys(targets)
      .map((id) => `${id} ${score(id)}`)
      .join(', ')}` +
      `  (FCP ${ms(a['first-contentful-paint'])}, LCP ${ms(a['largest-contentful-paint'])},` +
      ` TBT ${ms(a['total-blocking-time'])}, CLS ${a['cumulative-layout-shift'].numericValue.toFixed(3)},` +
      ` SI ${ms(a['speed-index'])})`,
  );
  for (const category of Object.keys(targets)) {
    for (const ref of lhr.categories[category].auditRefs) {
      const audit = a[ref.id];
      const failed =
        audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative';
      if (failed && (ref.weight > 0 || audit.details?.type === 'opportunity')) {
        console.log(
          `  - [${category}] ${audit.title}${audit.displayValue ? `: ${audit.displayValue}` : ''}`,
        );
      }
    }
  }
  console.log(`  report: ${reportBase}.report.html`);
  return Object.entries(targets)
    .filter(([id, min]) => score(id) < min)
    .map(([id, min]) => `${name}: ${id} ${score(id)} < ${min}`);
}

const reports = mkdtempSync(path.join(tmpdir(), 'embauche-lighthouse-'));
const server = await startServer();
const problems = [];
try {
  const cookie = await sessionCookie(server.url);
  const site = `${server.url}/careers/groupe-valmont`;
  const offer = /href="([^"]*\/offers\/\d+[^"]*)"/.exec(await (await fetch(site)).text())?.[1];
  if (!offer) throw new Error('the demo career site lists no offer');
  const pages = [
    { name: 'login', url: `${server.url}/login`, preset: 'desktop', targets: APP_TARGETS },
    {
      name: 'dashboard',
      url: `${server.url}/`,
      headers: { Cookie: cookie },
      preset: 'desktop',
      targets: APP_TARGETS,
    },
    {
      name: 'career site offer (mobile)',
      url: new URL(offer.replaceAll('&amp;', '&'), site).href,
      preset: 'mobile',
      targets: SITE_TARGETS,
    },
    { name: 'career site list (mobile)', url: site, preset: 'mobile', targets: SITE_TARGETS },
  ];
  for (const page of pages) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const base = path.join(reports, `${page.name.replace(/\W+/g, '-')}-${i + 1}`);
      runs.push({ base, lhr: await withRetries(() => lighthouse(page.url, base, page)) });
    }
    runs.sort((x, y) => x.lhr.categories.performance.score - y.lhr.categories.performance.score);
    const median = runs[Math.floor(runs.length / 2)];
    problems.push(...summarize(page.name, median.lhr, median.base, page.targets));
  }
} finally {
  await server.stop();
}
if (problems.length) {
  console.error(`\nBelow target:\n  ${problems.join('\n  ')}`);
  process.exitCode = 1;
}
