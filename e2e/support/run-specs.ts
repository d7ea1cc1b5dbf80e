// `npm run test -w e2e`: migrates and seeds one data folder for the whole run, then runs the spec
// files with node:test, each file's server starting from a copy of that folder (E2E_TEMPLATE_DIR).
// Arguments are passed to node --test (spec files by default).
import { spawn } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from './server.ts';

const E2E = path.resolve(import.meta.dirname, '..');
const template = await startServer({ template: '' });
await template.stop({ keep: true });

const concurrency = process.env.E2E_CONCURRENCY ?? '2';
const files = process.argv.slice(2);
const child = spawn(
  process.execPath,
  [
    '--test',
    `--test-concurrency=${concurrency}`,
    // A spec file that runs past 10 minutes fails instead of holding CI until its limit.
    '--test-timeout=600000',
    '--import',
    'tsx',
    ...(files.length ? files : readdirSync(path.join(E2E, 'specs')).filter((name) => name.endsWith('.spec.ts')).sort().map((name) => `specs/${name}`)),
  ],
  { cwd: E2E, stdio: 'inherit', env: { ...process.env, E2E_TEMPLATE_DIR: template.dataDir } },
);
const code: number = await new Promise((resolve) => child.on('close', (status, signal) => resolve(status ?? (signal ? 1 : 0))));
rmSync(template.dataDir, { recursive: true, force: true });
// The page audit's ledger of the run (support/page-audit.ts), kept by the spec files' processes.
rmSync(path.join(tmpdir(), `embauche-e2e-audited-${child.pid}`), { recursive: true, force: true });
process.exit(code);
