// The soak's figures: throughput, p50/p99 per kind of call, errors (by kind, status, and whether
// they fell in the 10 s after a fault), the fault timeline, the checks, the read-back and the hub,
// as markdown and JSON; and the verdict.
import { cpus, loadavg } from 'node:os';
import { fmt, WINDOW_MS, type CheckResult, type TimelineEvent } from './faults.ts';
import type { ErrorRecord, Recorder } from './http.ts';
import type { HubFigures, ReadBack } from './verify.ts';
import { LIST_KINDS, MAX_IN_FLIGHT, MIX } from './workload.ts';

export type Options = { minutes: number; rate: number; faults: boolean };

export type Report = {
  date: string;
  options: Options;
  /** Load averages (1 min) before the topology started and at the end: was the machine quiet? */
  machine: { cpus: number; model: string; node: string; loadBefore: number; loadAfter: number };
  durationSeconds: number;
  throughput: { sent: number; ok: number; errors: number; dropped: number; okPerSecond: number };
  calls: {
    kind: string;
    calls: number;
    ok: number;
    errors: number;
    p50: number;
    p99: number;
    max: number;
    p99Steady: number;
  }[];
  listP99: number;
  /** The same without the calls sent during a fault (from it to 10 s after its return). */
  listP99Steady: number;
  /** The list calls' p99 per 30 s of the run (by when they were sent): where the tail comes from. */
  listP99Series: { from: number; calls: number; p99: number }[];
  errors: {
    total: number;
    inFaultWindows: number;
    outside: number;
    byKindAndStatus: { kind: string; status: string; inWindow: number; outside: number }[];
    outsideSamples: ErrorRecord[];
  };
  timeline: (TimelineEvent & { errorsWithin10s: number })[];
  checks: CheckResult[];
  readBack: ReadBack | null;
  hub: { subscribers: HubFigures[]; lagP50: number; lagP99: number };
  failures: string[];
};

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Whether an error was in flight during the 10 s after an event of the timeline. */
const within = (e: ErrorRecord, ev: TimelineEvent) =>
  e.start <= ev.at + WINDOW_MS && e.end >= ev.at;
/** Whether an error is excused by a fault of the soak (a crash excuses nothing). */
const inWindow = (e: ErrorRecord, ev: TimelineEvent) => ev.kind !== 'crash' && within(e, ev);

export function buildReport(input: {
  options: Options;
  recorder: Recorder;
  durationMs: number;
  sent: number;
  timeline: TimelineEvent[];
  /** When the faults disturbed the topology: from each to 10 s after its return. */
  periods: { from: number; to: number }[];
  checks: CheckResult[];
  readBack: ReadBack | null;
  hub: HubFigures[];
  hubLags: number[];
  loadBefore: number;
  fatal?: string;
}): Report {
  const { recorder, timeline } = input;
  const kinds = [
    ...new Set([
      ...Object.keys(MIX),
      ...recorder.latencies.keys(),
      ...recorder.errors.map((e) => e.kind),
    ]),
  ];
  const disturbed = (at: number) => input.periods.some((p) => at >= p.from && at <= p.to);
  const calls = kinds.map((kind) => {
    const list = recorder.latencies.get(kind) ?? { ms: [], at: [] };
    const ms = [...list.ms].sort((a, b) => a - b);
    const steady = list.ms.filter((_, i) => !disturbed(list.at[i]!)).sort((a, b) => a - b);
    const errors = recorder.errors.filter((e) => e.kind === kind).length;
    return {
      kind,
      calls: ms.length + errors,
      ok: ms.length,
      errors,
      p50: round(percentile(ms, 50)),
      p99: round(percentile(ms, 99)),
      max: round(ms.at(-1) ?? NaN),
      p99Steady: round(percentile(steady, 99)),
    };
  });
  const okCount = calls
    .filter((c) => (MIX as Record<string, number>)[c.kind])
    .reduce((n, c) => n + c.ok, 0);
  const workloadErrors = recorder.errors.filter((e) => e.kind in MIX).length;
  const windowed = (e: ErrorRecord) => timeline.some((ev) => inWindow(e, ev));
  const groups = new Map<
    string,
    { kind: string; status: string; inWindow: number; outside: number }
  >();
  for (const e of recorder.errors) {
    const key = `${e.kind} ${e.status}`;
    const g = groups.get(key) ?? {
      kind: e.kind,
      status: String(e.status),
      inWindow: 0,
      outside: 0,
    };
    if (windowed(e)) g.inWindow++;
    else g.outside++;
    groups.set(key, g);
  }
  const outside = recorder.errors.filter((e) => !windowed(e));
  const lags = [...input.hubLags].sort((a, b) => a - b);
  const lists = calls.filter((c) => (LIST_KINDS as string[]).includes(c.kind));
  const listP99 = Math.max(...lists.map((c) => c.p99 || 0));
  const listP99Steady = Math.max(...lists.map((c) => c.p99Steady || 0));
  const buckets = new Map<number, number[]>();
  for (const kind of LIST_KINDS) {
    const list = recorder.latencies.get(kind);
    list?.at.forEach((at, i) => {
      const from = Math.floor(at / 30_000) * 30;
      let bucket = buckets.get(from);
      if (!bucket) buckets.set(from, (bucket = []));
      bucket.push(list.ms[i]!);
    });
  }
  const listP99Series = [...buckets.entries()]
    .sort(([a], [b]) => a - b)
    .map(([from, ms]) => ({
      from,
      calls: ms.length,
      p99: round(
        percentile(
          ms.sort((a, b) => a - b),
          99,
        ),
      ),
    }));
  const failures: string[] = [];
  if (input.fatal) failures.push(`the soak stopped: ${input.fatal}`);
  if (outside.length) failures.push(`${outside.length} error(s) outside the 10 s after a fault`);
  const lost = input.readBack?.lost.length ?? 0;
  if (lost) failures.push(`${lost} acknowledged write(s) not read back`);
  if (!input.readBack && !input.fatal) failures.push('no read-back');
  const failedChecks = input.checks.filter((c) => !c.ok);
  if (failedChecks.length) failures.push(`${failedChecks.length} failed check(s) after the faults`);
  const hubMissing = input.hub.reduce((n, h) => n + h.missing.length, 0);
  if (hubMissing) failures.push(`${hubMissing} notification(s) never reached a live subscriber`);
  if (recorder.dropped)
    failures.push(`${recorder.dropped} call(s) not sent: over ${MAX_IN_FLIGHT} in flight`);
  const seconds = input.durationMs / 1000;
  return {
    date: new Date().toISOString(),
    options: input.options,
    machine: {
      cpus: cpus().length,
      model: cpus()[0]?.model ?? '?',
      node: process.version,
      loadBefore: round(input.loadBefore),
      loadAfter: round(loadavg()[0]!),
    },
    durationSeconds: round(seconds),
    throughput: {
      sent: input.sent,
      ok: okCount,
      errors: workloadErrors,
      dropped: recorder.dropped,
      okPerSecond: round(okCount / seconds),
    },
    calls,
    listP99,
    listP99Steady,
    listP99Series,
    errors: {
      total: recorder.errors.length,
      inFaultWindows: recorder.errors.length - outside.length,
      outside: outside.length,
      byKindAndStatus: [...groups.values()].sort(
        (a, b) => b.inWindow + b.outside - (a.inWindow + a.outside),
      ),
      outsideSamples: outside.slice(0, 20),
    },
    timeline: timeline.map((ev) => ({
      ...ev,
      errorsWithin10s: recorder.errors.filter((e) => within(e, ev)).length,
    })),
    checks: input.checks,
    readBack: input.readBack,
    hub: {
      subscribers: input.hub,
      lagP50: round(percentile(lags, 50)),
      lagP99: round(percentile(lags, 99)),
    },
    failures,
  };
}

const round = (n: number) => (Number.isFinite(n) ? Math.round(n * 10) / 10 : NaN);
const ms = (n: number) => (Number.isFinite(n) ? `${n} ms` : '–');

export function markdown(r: Report): string {
  const lines: string[] = [];
  const table = (head: string[], rows: (string | number)[][]) => {
    lines.push(`| ${head.join(' | ')} |`, `| ${head.map(() => '---').join(' | ')} |`);
    for (const row of rows) lines.push(`| ${row.join(' | ')} |`);
    lines.push('');
  };
  lines.push(
    `# Soak ${r.date}`,
    '',
    `${r.options.minutes} min at ${r.options.rate} calls/s (open loop), faults ${r.options.faults ? 'on' : 'off'}; ` +
      `${r.machine.cpus} × ${r.machine.model}, Node ${r.machine.node}; load average ` +
      `${r.machine.loadBefore} before the start (other work on the machine), ${r.machine.loadAfter} at the end.`,
    '',
    `**${r.failures.length ? `FAILED: ${r.failures.join('; ')}` : 'PASSED'}**`,
    '',
    '## Throughput',
    '',
  );
  table(
    [
      'run',
      'calls sent',
      'answered 2xx',
      'errors',
      'dropped (over 200 in flight)',
      '2xx per second',
    ],
    [
      [
        `${r.durationSeconds} s`,
        r.throughput.sent,
        r.throughput.ok,
        r.throughput.errors,
        r.throughput.dropped,
        r.throughput.okPerSecond,
      ],
    ],
  );
  lines.push('## Calls', '');
  table(
    ['kind', 'calls', '2xx', 'errors', 'p50', 'p99', 'max', 'p99 outside the faults'],
    r.calls.map((c) => [
      `${c.kind}${(LIST_KINDS as string[]).includes(c.kind) ? ' (list)' : ''}`,
      c.calls,
      c.ok,
      c.errors,
      ms(c.p50),
      ms(c.p99),
      ms(c.max),
      ms(c.p99Steady),
    ]),
  );
  lines.push(
    `Highest p99 of the list calls: **${ms(r.listP99)}** over the whole run, ` +
      `${ms(r.listP99Steady)} outside the faults (from each fault to 10 s after its return); ` +
      'target: under 250 ms.',
    '',
    `List calls' p99 by 30 s (when sent): ${r.listP99Series.map((b) => `${b.from}–${b.from + 30} s ${ms(b.p99)}`).join(', ')}.`,
    '',
  );
  lines.push('## Fault timeline', '');
  if (r.timeline.length)
    table(
      ['time', 'event', 'errors in the 10 s after'],
      r.timeline.map((t) => [
        fmt(t.at),
        `${t.event}${t.detail ? ` (${t.detail})` : ''}`,
        t.errorsWithin10s,
      ]),
    );
  else lines.push('No faults (`--no-faults`).', '');
  lines.push('## Errors', '');
  lines.push(
    `${r.errors.total} in all: ${r.errors.inFaultWindows} in the 10 s after a fault or a return, **${r.errors.outside} outside**.`,
    '',
  );
  if (r.errors.byKindAndStatus.length)
    table(
      ['kind', 'status', 'in a fault window', 'outside'],
      r.errors.byKindAndStatus.map((g) => [g.kind, g.status, g.inWindow, g.outside]),
    );
  for (const e of r.errors.outsideSamples)
    lines.push(`- ${fmt(e.end)} ${e.kind} via ${e.via}: ${e.status} ${e.message}`);
  if (r.errors.outsideSamples.length) lines.push('');
  lines.push('## Checks', '');
  if (r.checks.length)
    table(
      ['time', 'after', 'check', 'result', 'detail'],
      r.checks.map((c) => [
        fmt(c.at),
        c.after,
        c.check,
        c.ok ? 'ok' : '**FAILED**',
        c.detail.replace(/\|/g, '/'),
      ]),
    );
  else lines.push('None.', '');
  lines.push('## Acknowledged writes, read back', '');
  const rb = r.readBack;
  if (rb) {
    table(
      ['write', 'acknowledged', 'read back'],
      [
        [
          'CV uploads (new applicant + CV, the file compared by SHA-256)',
          rb.uploads.acknowledged,
          rb.uploads.found,
        ],
        [
          `application statuses (${rb.statuses.changed} changed at least once)`,
          rb.statuses.tracked,
          rb.statuses.found,
        ],
        ['comments', rb.comments.acknowledged, rb.comments.found],
        ['mentions in them', rb.comments.mentions, rb.comments.mentionsFound],
      ],
    );
    for (const l of rb.lost.slice(0, 20)) lines.push(`- lost ${l.kind} ${l.id}: ${l.detail}`);
    if (rb.lost.length) lines.push('');
  } else lines.push('Not done.', '');
  lines.push('## Live hub', '');
  table(
    [
      'subscriber',
      'connections',
      'notifications received',
      'written for its user',
      'excused (instance killed)',
      'missing',
      'duplicates',
    ],
    r.hub.subscribers.map((h) => [
      h.subscriber,
      h.connections,
      h.received,
      h.expected,
      h.excused,
      h.missing.length,
      h.duplicates,
    ]),
  );
  lines.push(
    `Delay from a notification's creation to its arrival: p50 ${ms(r.hub.lagP50)}, p99 ${ms(r.hub.lagP99)}.`,
    '',
  );
  return lines.join('\n');
}
