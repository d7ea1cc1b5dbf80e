// `npm test`: every check and suite, with each step's time printed at the end (and written to
// test-times.json), the tests counted across the suites, and a warning past TEST_WARN_MINUTES.
//
// Type checks run beside lint and the build (one core each); the server suite, the web suite and
// the browser tests then run one after the other. The first failing step stops the run (the other
// lane's running step is ended).
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { stripVTControlCharacters } from 'node:util';

const WARN_MINUTES = Number(process.env.TEST_WARN_MINUTES ?? 30);

/** Each step: a name and its command, in the order it runs in its lane. */
const step = (name, ...args) => ({ name, command: 'npm', args });
const phases = [
  // Phase 1: type checks beside lint and the build (tsc and ESLint use one core each).
  [
    [
      step('typecheck', 'run', 'typecheck'),
      step('contracts', 'run', 'test', '-w', 'packages/contracts'),
    ],
    [
      step('lint', 'run', 'lint'),
      step('build', 'run', 'build'),
      step('bundle budget', 'run', 'check:budget', '-w', 'apps/web'),
    ],
  ],
  // Phase 2: the server suite on SQLite and PostgreSQL fills both cores on its own.
  [[step('server', 'run', 'test', '-w', 'apps/server')]],
  // Phase 3: the web suite alone. Beside the browser tests (tried) both were CPU-bound on two
  // cores, and web tests that wait at most 5 s for a screen failed.
  [[step('web', 'run', 'test', '-w', 'apps/web')]],
  // Phase 4: the browser tests, two spec files at a time (E2E_CONCURRENCY).
  [[step('e2e', 'run', 'test', '-w', 'e2e')]],
];

const only = process.env.TEST_ONLY?.split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const times = [];
/** Tests counted from the suites' summaries (Vitest's `Tests  … passed`, node:test's `# pass`). */
const counted = { passed: 0, failed: 0 };
function count(line) {
  const plain = stripVTControlCharacters(line);
  const vitest = /^\s*Tests\s+(.*)\(\d+\)\s*$/.exec(plain);
  if (vitest) {
    counted.passed += Number(/(\d+) passed/.exec(vitest[1])?.[1] ?? 0);
    counted.failed += Number(/(\d+) failed/.exec(vitest[1])?.[1] ?? 0);
  }
  const node = /^# (pass|fail) (\d+)$/.exec(plain);
  if (node) counted[node[1] === 'pass' ? 'passed' : 'failed'] += Number(node[2]);
}
/**
 * The failures' own lines (node:test's `not ok` with its error block, Vitest's `FAIL` with the
 * lines under it), printed again at the end: CI shows only the tail of a long run.
 */
const failures = [];
const capturing = new Map();
function keepFailure(name, line) {
  const plain = stripVTControlCharacters(line);
  const open = capturing.get(name);
  if (open && open.left > 0) {
    open.lines.push(plain);
    open.left--;
  }
  // Vitest's FAIL blocks (the error and its code frame), not its list's `×` lines.
  if (/^\s*not ok \d+ - /.test(plain) || /^\s*FAIL\s/.test(plain)) {
    const entry = { step: name, lines: [plain], left: 30 };
    failures.push(entry);
    capturing.set(name, entry);
  }
}
const running = new Set();
let failed;

function run({ name, command, args }) {
  if (only && !only.includes(name)) return Promise.resolve();
  return new Promise((resolve) => {
    const started = Date.now();
    console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`);
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    // Two lanes write at once: each line says which step it comes from.
    for (const [from, to] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      createInterface({ input: from, crlfDelay: Infinity }).on('line', (line) => {
        count(line);
        keepFailure(name, line);
        to.write(`[${name}] ${line}\n`);
      });
    }
    running.add(child);
    child.on('close', (code, signal) => {
      running.delete(child);
      const seconds = Math.round((Date.now() - started) / 1000);
      times.push({ name, seconds, ok: code === 0 });
      console.log(
        `■ ${name}: ${code === 0 ? 'passed' : `failed (${signal ?? code})`} in ${seconds} s`,
      );
      if (code !== 0 && !failed) {
        failed = name;
        for (const other of running) other.kill('SIGTERM');
      }
      resolve();
    });
  });
}

async function lane(steps) {
  for (const s of steps) {
    if (failed) return;
    await run(s);
  }
}

const started = Date.now();
for (const lanes of phases) {
  if (failed) break;
  await Promise.all(lanes.map(lane));
}
const total = Math.round((Date.now() - started) / 1000);

const minutes = (s) => `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
console.log('\nstep           time');
for (const { name, seconds, ok } of times)
  console.log(`${name.padEnd(14)} ${minutes(seconds).padStart(13)}${ok ? '' : '  FAILED'}`);
console.log(`${'total'.padEnd(14)} ${minutes(total).padStart(13)}`);
// The tests of every suite, in the plain form CI reads ("N passed, N failed").
console.log(`\ntests: ${counted.passed} passed, ${counted.failed} failed`);
writeFileSync(
  'test-times.json',
  `${JSON.stringify({ total, steps: times, at: new Date().toISOString() }, null, 2)}\n`,
);
if (total > WARN_MINUTES * 60) {
  console.warn(
    `\n⚠ The test run took ${minutes(total)}, over ${WARN_MINUTES} minutes: see docs/testing.md, "Where the test time goes".`,
  );
}
if (failures.length) {
  console.error('\nWhat failed (the first 30 lines of each, the last 10 failures):');
  for (const { step, lines } of failures.slice(-10))
    console.error(`\n[${step}]\n${lines.join('\n')}`);
}
if (failed) {
  console.error(`\n${failed} failed.`);
  process.exit(1);
}
