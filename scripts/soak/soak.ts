// `npm run soak`: load and failure run of the scaled-out topology (issue 36 part 4, docs/soak.md).
// Starts nginx, two app instances, a worker, its own PostgreSQL and Redis, and s3rver, on
// loopback and without Docker; drives a mixed recruiter workload through nginx; kills an
// instance, restarts PostgreSQL and stops Redis along the way, checking after each; reads back
// every acknowledged write; prints and writes the figures; exits non-zero on a lost write, an
// error outside the 10 s after a fault, a failed check or a notification that never arrived.
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import { Faults, faultSchedule } from './faults.ts';
import { HubSubscriber } from './hub.ts';
import { call, json, Recorder, signIn, type Session } from './http.ts';
import { buildReport, markdown, type Options } from './report.ts';
import { ensureNginx, ensureServerBuild, missingPrerequisites, Topology } from './topology.ts';
import { hubCompleteness, readBack, type HubFigures, type ReadBack } from './verify.ts';
import { Workload } from './workload.ts';

/** The default rate: the highest at which the list calls kept p99 under 250 ms here (docs/soak.md). */
const DEFAULT_RATE = 90;
const PASSWORD = 'demo1234';
/** Who works during the soak: two sessions each (six virtual users), in two companies. */
const USERS = ['admin@demo.test', 'recruiter@demo.test', 'admin@other.test'];

const USAGE = `npm run soak -- [--minutes N] [--rate R] [--no-faults] [--out DIR]

  --minutes N   length of the workload (default 10; with faults at least 2)
  --rate R      calls per second sent through nginx, open loop (default ${DEFAULT_RATE})
  --no-faults   no instance kill, PostgreSQL restart or Redis stop
  --out DIR     where the report and the logs go (default: a new folder under ${tmpdir()})
`;

function options(): Options & { out: string } {
  const { values } = parseArgs({
    options: {
      minutes: { type: 'string', default: '10' },
      rate: { type: 'string', default: String(DEFAULT_RATE) },
      'no-faults': { type: 'boolean', default: false },
      out: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const minutes = Number(values.minutes);
  const rate = Number(values.rate);
  if (!(minutes > 0 && minutes <= 120)) throw new Error('--minutes: a number from 0 to 120');
  if (!(rate > 0 && rate <= 1000)) throw new Error('--rate: calls per second, from 0 to 1000');
  const stamp = new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);
  return {
    minutes,
    rate,
    faults: !values['no-faults'],
    out: path.resolve(values.out ?? path.join(tmpdir(), `embauche-soak-report-${stamp}`)),
  };
}

async function main(): Promise<number> {
  const opts = options();
  const durationMs = opts.minutes * 60_000;
  const schedule = faultSchedule(durationMs);
  if (opts.faults && schedule.neededMs > durationMs)
    throw new Error(
      `with faults the soak needs --minutes ${Math.ceil(schedule.neededMs / 60_000)} or more (or --no-faults)`,
    );
  const missing = missingPrerequisites();
  if (missing.length) throw new Error(`missing:\n  ${missing.join('\n  ')}`);
  ensureNginx();
  ensureServerBuild();
  mkdirSync(opts.out, { recursive: true });

  const loadBefore = loadavg()[0]!;
  if (loadBefore > 1)
    console.log(
      `[soak] the machine is busy (load average ${loadBefore.toFixed(1)}): the figures will be noisy`,
    );
  const topology = new Topology();
  let interrupted = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (interrupted) process.exit(130); // the second one: 'exit' kills everything at once
    interrupted = true;
    console.log(`\n[soak] ${signal}: stopping everything (again to force)`);
    void topology.teardown(path.join(opts.out, 'logs')).finally(() => process.exit(130));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  let recorder: Recorder | undefined;
  let workload: Workload | undefined;
  let faults: Faults | undefined;
  const subscribers: HubSubscriber[] = [];
  let readBackResult: ReadBack | null = null;
  let hub: HubFigures[] = [];
  let fatal: string | undefined;
  let ranMs = 0;
  try {
    await topology.start();
    const base = topology.publicUrl;
    const sessions: Session[] = [];
    for (const email of USERS)
      for (const n of [1, 2])
        sessions.push(await signIn(base, base, email, PASSWORD, `${email}#${n}`));
    const runId = randomBytes(3).toString('hex');
    recorder = new Recorder();
    workload = new Workload(sessions, base, base, recorder, runId);
    await workload.prepare();
    faults = new Faults(topology, workload, recorder);
    const crashes = faults;
    topology.onCrash = (name, detail) => crashes.crash(name, detail);

    // Live subscribers through nginx: both sessions of each user of the first company.
    const rec = recorder;
    for (const s of sessions.filter((x) => x.companyId === sessions[0]!.companyId)) {
      const token = async () => {
        const answer = await call(
          rec,
          'hub_token',
          '/api/hub-token',
          { session: s, base, via: 'nginx' },
          base,
        );
        return answer?.ok
          ? json<{ mercure_subscription_token: string }>(answer).mercure_subscription_token
          : null;
      };
      subscribers.push(
        new HubSubscriber(
          s.label,
          s.userId,
          base,
          token,
          () => rec.now(),
          (status, message) =>
            rec.error({
              kind: 'hub_subscribe',
              status,
              start: rec.now(),
              end: rec.now(),
              message,
              via: 'nginx',
            }),
        ),
      );
    }
    await Promise.all(subscribers.map((s) => s.start()));
    console.log(
      `[soak] ${sessions.length} users signed in, ${subscribers.length} hub subscribers; ` +
        `${opts.minutes} min at ${opts.rate} calls/s${opts.faults ? ', with faults' : ''}`,
    );

    const started = recorder.now();
    const f = faults;
    const at = async (ms: number) => sleep(Math.max(0, started + ms - rec.now()));
    // Each fault in turn; one that throws is a failed check, and the run goes on.
    const step = async (ms: number, name: string, fault: () => Promise<void>) => {
      await at(ms);
      if (interrupted) return;
      await fault().catch((err: unknown) => f.failed(name, err));
    };
    const faultRun = opts.faults
      ? (async () => {
          await step(schedule.kill, 'instance kill', () => f.killInstance());
          await step(schedule.postgres, 'PostgreSQL restart', () => f.restartPostgres());
          await step(schedule.redis, 'Redis stop', () => f.stopRedis());
        })()
      : Promise.resolve();
    const progress = setInterval(() => {
      const errors = rec.errors.length;
      console.log(
        `[soak] ${(rec.now() / 1000).toFixed(0)} s: ${workload!.sent} calls sent, ${errors} errors, ${workload!.inFlight} in flight`,
      );
    }, 30_000);
    await workload.run(opts.rate, durationMs, () => interrupted);
    clearInterval(progress);
    ranMs = recorder.now() - started;
    await faultRun;
    if (interrupted) return 130;

    // The last notifications reach their streams (and the last jobs run); then the read-back.
    await sleep(3000);
    await faults.final();
    await Promise.all(subscribers.map((s) => s.stop()));
    console.log('[soak] reading back every acknowledged write');
    readBackResult = await readBack(workload, faults, base, base);
    hub = await hubCompleteness(subscribers, faults, recorder.t0Wall);
  } catch (err) {
    fatal = err instanceof Error ? err.message : String(err);
    console.error(`[soak] ${fatal}`);
    if (interrupted) return 130;
  } finally {
    await Promise.all(subscribers.map((s) => s.stop()));
    await faults?.close();
    // After a signal this is the teardown the handler began: wait for it.
    await topology.teardown(path.join(opts.out, 'logs'));
  }

  if (!recorder || !workload) {
    console.error(`[soak] nothing measured; logs in ${path.join(opts.out, 'logs')}`);
    return 2;
  }
  const report = buildReport({
    options: { minutes: opts.minutes, rate: opts.rate, faults: opts.faults },
    recorder,
    durationMs: ranMs || recorder.now(),
    sent: workload.sent,
    timeline: faults?.timeline ?? [],
    periods: faults?.periods ?? [],
    checks: faults?.checks ?? [],
    readBack: readBackResult,
    hub,
    hubLags: subscribers.flatMap((s) => s.lagMs),
    loadBefore,
    ...(fatal ? { fatal } : {}),
  });
  const text = markdown(report);
  writeFileSync(path.join(opts.out, 'report.md'), text);
  writeFileSync(path.join(opts.out, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\n${text}`);
  console.log(
    `[soak] report: ${path.join(opts.out, 'report.md')} and report.json; logs in ${path.join(opts.out, 'logs')}`,
  );
  return report.failures.length ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`[soak] ${err instanceof Error ? err.message : String(err)}`);
    process.exit(2);
  },
);
