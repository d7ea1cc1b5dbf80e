// The faults of the soak and the checks after each (docs/soak.md): an app instance killed
// (SIGKILL) and restarted 20 s later, PostgreSQL restarted (`pg_ctl restart -m fast`), Redis
// stopped for 30 s. The checks call the instances directly, bypassing nginx.
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { openHubStream, type HubStream } from './hub.ts';
import { call, json, type Recorder, type Session } from './http.ts';
import { waitFor, type Topology } from './topology.ts';
import { checkFile, pick, type Workload } from './workload.ts';

/** A fault or a return, on the timeline. Errors count against it for `WINDOW_MS` after `at`. */
export type TimelineEvent = {
  at: number;
  event: string;
  /** A crash is none of the soak's faults: errors after it count as errors. */
  kind: 'fault' | 'return' | 'crash';
  detail?: string;
};
export type CheckResult = { at: number; after: string; check: string; ok: boolean; detail: string };

/** Errors in this long after a fault (or a return) are the fault's. */
export const WINDOW_MS = 10_000;
export const INSTANCE_DOWN_MS = 20_000;
export const REDIS_DOWN_MS = 30_000;

/** When each fault starts (ms from the start of the workload), spread over the run. */
export function faultSchedule(durationMs: number) {
  const s = durationMs / 1000;
  const kill = Math.max(0.15 * s, 15);
  const postgres = Math.max(0.4 * s, kill + INSTANCE_DOWN_MS / 1000 + 10);
  const redis = Math.max(0.6 * s, postgres + 20);
  const needed = redis + REDIS_DOWN_MS / 1000 + 15;
  return {
    kill: kill * 1000,
    postgres: postgres * 1000,
    redis: redis * 1000,
    neededMs: needed * 1000,
  };
}

export class Faults {
  readonly timeline: TimelineEvent[] = [];
  readonly checks: CheckResult[] = [];
  /** When the faults disturbed the topology: from each to 10 s after its return (ms). */
  readonly periods: { from: number; to: number }[] = [];
  /** The Redis outage, for the hub's completeness check (ms since the soak's start). */
  redisOutage: { from: number; to: number } | undefined;
  killedAt: number | undefined;
  #db: pg.Pool;

  constructor(
    readonly topology: Topology,
    readonly workload: Workload,
    readonly recorder: Recorder,
  ) {
    this.#db = new pg.Pool({ connectionString: topology.databaseUrl, max: 2 });
    this.#db.on('error', () => {});
  }

  async close(): Promise<void> {
    await this.#db.end().catch(() => {});
  }

  query<T extends pg.QueryResultRow>(
    text: string,
    values: unknown[] = [],
  ): Promise<pg.QueryResult<T>> {
    return this.#db.query<T>(text, values);
  }

  #event(event: string, kind: TimelineEvent['kind'], detail?: string): number {
    const at = this.recorder.now();
    this.timeline.push({ at, event, kind, ...(detail ? { detail } : {}) });
    console.log(
      `[soak] ${(at / 1000).toFixed(1)} s  ${{ fault: 'FAULT', return: 'back ', crash: 'CRASH' }[kind]}  ${event}${detail ? ` (${detail})` : ''}`,
    );
    return at;
  }

  /** A process of the topology exited on its own (the topology starts it again). */
  crash(name: string, detail: string): void {
    const event = `${name} exited on its own`;
    this.#event(event, 'crash', detail);
    this.#check(event, 'no process exits on its own', false, detail);
  }

  #check(after: string, check: string, ok: boolean, detail: string): void {
    this.checks.push({ at: this.recorder.now(), after, check, ok, detail });
    console.log(
      `[soak]            check after ${after}: ${check}: ${ok ? 'ok' : 'FAILED'} — ${detail}`,
    );
  }

  #live(): (0 | 1)[] {
    return ([0, 1] as const).filter((i) => this.topology.instanceAlive(i));
  }

  // ---- the faults --------------------------------------------------------------------------------

  async killInstance(): Promise<void> {
    const name = 'app instance 1 killed (SIGKILL)';
    // The time is taken as the fault begins: a call it breaks may end before the kill returns.
    this.killedAt = this.#event(name, 'fault');
    await this.topology.killInstance(0);
    await sleep(3000);
    await this.#sessions(name);
    await this.#filesThroughSurvivor(name);
    await this.#health(name);
    await sleep(Math.max(0, INSTANCE_DOWN_MS - 3000 - (this.recorder.now() - this.killedAt)));
    const started = this.recorder.now();
    if (!this.topology.instanceAlive(0)) await this.topology.startInstance(0);
    const back = this.#event(
      'app instance 1 started again',
      'return',
      `healthy after ${fmt(this.recorder.now() - started)}`,
    );
    this.periods.push({ from: this.killedAt, to: back + WINDOW_MS });
    await sleep(3000);
    await this.#full('app instance 1 back');
  }

  async restartPostgres(): Promise<void> {
    const name = 'PostgreSQL restarted (pg_ctl restart -m fast)';
    const at = this.#event(name, 'fault');
    await this.topology.restartPostgres();
    const back = this.recorder.now();
    this.periods.push({ from: at, to: back + WINDOW_MS });
    const healthy = await Promise.all(
      ([0, 1] as const).map((i) =>
        waitFor(
          `instance ${i + 1} health`,
          60_000,
          async () => (await fetch(`${this.topology.instanceUrl(i)}/api/health`)).ok,
        )
          .then((ms) => `instance ${i + 1} healthy ${fmt(back - at + ms)} after the restart began`)
          .catch((err: unknown) => String(err)),
      ),
    );
    this.#check(
      name,
      'instances serve again',
      healthy.every((h) => h.includes('healthy')),
      `pg_ctl took ${fmt(back - at)}; ${healthy.join('; ')}`,
    );
    await sleep(2000);
    await this.#full(name);
  }

  async stopRedis(): Promise<void> {
    const name = 'Redis stopped for 30 s';
    const hub = await this.#openHubCheck().catch((err: unknown) => {
      this.#check(name, 'hub check streams', false, `could not open them: ${String(err)}`);
      return undefined;
    });
    const from = this.#event(name, 'fault');
    await this.topology.stopRedis();
    let lastSeen: string | undefined;
    try {
      await sleep(5000);
      await this.#sessions(name);
      await this.#health(name);
      await sleep(Math.max(0, REDIS_DOWN_MS / 2 - 5000));
      // Half-way through the outage, the second check stream leaves (a browser tab closed, a
      // network change); it comes back after Redis with its last event id.
      hub?.second.close();
      lastSeen = hub?.second.lastEventId;
    } finally {
      await sleep(Math.max(0, REDIS_DOWN_MS - (this.recorder.now() - from)));
      await this.topology.startRedis();
      const to = this.#event('Redis started again', 'return');
      this.redisOutage = { from, to };
      this.periods.push({ from, to: to + WINDOW_MS });
    }
    if (hub) await this.#hubResumes(hub, lastSeen);
    await this.#full('Redis back');
  }

  /** At the end of the workload: every instance and the worker healthy, the jobs table clean. */
  async final(): Promise<void> {
    await this.#health('the end');
    await this.#jobs('the end');
  }

  /** A fault's sequence that could not go to its end (its checks are then incomplete). */
  failed(fault: string, err: unknown): void {
    this.#check(fault, 'the fault and its checks ran to the end', false, String(err));
  }

  // ---- the checks --------------------------------------------------------------------------------

  /** Every check that applies once all is up again. */
  async #full(after: string): Promise<void> {
    await this.#sessions(after);
    await this.#filesAcross(after);
    await this.#health(after);
    await this.#jobs(after);
  }

  /** Every signed-in user's cookie still opens `/api/me` on every live instance. */
  async #sessions(after: string): Promise<void> {
    const failures: string[] = [];
    for (const i of this.#live())
      for (const s of this.workload.sessions) {
        const answer = await call(
          null,
          'check',
          '/api/me',
          { session: s, base: this.topology.instanceUrl(i), via: `instance-${i + 1}` },
          this.topology.publicUrl,
        );
        const same = answer?.ok && json<{ id: number }>(answer).id === s.userId;
        if (!same)
          failures.push(`${s.label} on instance ${i + 1}: ${answer?.status ?? 'no answer'}`);
      }
    this.#check(
      after,
      'users stay signed in',
      failures.length === 0,
      failures.length
        ? failures.join('; ')
        : `${this.workload.sessions.length} sessions answered on instance(s) ${this.#live()
            .map((i) => i + 1)
            .join(' and ')}`,
    );
  }

  /** With one instance down: files uploaded before (through either instance) download from the other. */
  async #filesThroughSurvivor(after: string): Promise<void> {
    const [survivor] = this.#live();
    if (survivor === undefined) return this.#check(after, 'files', false, 'no instance alive');
    const sample = this.workload.uploads.slice(-10);
    let ok = 0;
    const failures: string[] = [];
    for (const upload of sample) {
      const session = this.workload.sessions.find((s) => s.companyId === upload.companyId)!;
      const answer = await call(
        null,
        'check',
        `/api/applicants/${upload.applicantId}/cv`,
        { session, base: this.topology.instanceUrl(survivor), via: `instance-${survivor + 1}` },
        this.topology.publicUrl,
      );
      if (
        answer?.ok &&
        checkFile(this.recorder, 'check_file', answer, upload, `instance-${survivor + 1}`)
      )
        ok++;
      else failures.push(`applicant ${upload.applicantId}: ${answer?.status ?? 'no answer'}`);
    }
    this.#check(
      after,
      'earlier uploads download from the survivor',
      failures.length === 0,
      `${ok}/${sample.length} of the last uploads downloaded intact from instance ${survivor + 1}${failures.length ? `; ${failures.join('; ')}` : ''}`,
    );
  }

  /** A CV uploaded to each instance downloads, identical, from the other one. */
  async #filesAcross(after: string): Promise<void> {
    const session = this.workload.sessions[0]!;
    const pool = this.workload.pools.get(session.companyId)!;
    const results: string[] = [];
    let ok = true;
    for (const [from, to] of [
      [0, 1],
      [1, 0],
    ] as const) {
      const offer = pick(pool.offers.filter((o) => o.statuses.length));
      const upload = await this.workload.upload(
        session,
        offer,
        this.topology.instanceUrl(from),
        `instance-${from + 1}`,
        'check_upload',
      );
      if (!upload) {
        ok = false;
        results.push(`upload to instance ${from + 1} failed`);
        continue;
      }
      const answer = await call(
        this.recorder,
        'check_download',
        `/api/applicants/${upload.applicantId}/cv`,
        { session, base: this.topology.instanceUrl(to), via: `instance-${to + 1}` },
        this.topology.publicUrl,
      );
      const same =
        answer?.ok === true &&
        checkFile(this.recorder, 'check_download', answer, upload, `instance-${to + 1}`);
      ok &&= same;
      results.push(
        `${from + 1}→${to + 1} ${same ? 'identical' : `failed (${answer?.status ?? 'no answer'})`}`,
      );
      if (same) await this.#jobDone(after, upload.applicantId);
    }
    this.#check(
      after,
      'a file uploaded to one instance downloads from the other',
      ok,
      results.join(', '),
    );
  }

  /** The CV text job of an upload made now is done within 30 s: the worker works. */
  async #jobDone(after: string, applicantId: number): Promise<void> {
    const started = Date.now();
    let status = 'none';
    while (Date.now() - started < 30_000) {
      const { rows } = await this.query<{ status: string }>(
        `select status from jobs where type = 'applicant.cv_text' and payload like $1 order by id desc limit 1`,
        [`%"applicant_id":${applicantId},%`],
      );
      status = rows[0]?.status ?? 'none';
      if (status === 'done' || status === 'dead') break;
      await sleep(500);
    }
    this.#check(
      after,
      'the worker runs new jobs',
      status === 'done',
      `the CV text job of applicant ${applicantId}: ${status} after ${fmt(Date.now() - started)}`,
    );
  }

  async #health(after: string): Promise<void> {
    const states: string[] = [];
    let ok = true;
    for (const i of [0, 1] as const) {
      if (!this.topology.instanceAlive(i)) {
        states.push(`instance ${i + 1} down (the fault)`);
        continue;
      }
      const answer = await call(
        null,
        'check',
        '/api/health',
        { base: this.topology.instanceUrl(i), via: `instance-${i + 1}` },
        this.topology.publicUrl,
      );
      ok &&= answer?.ok === true;
      states.push(`instance ${i + 1} ${answer?.status ?? 'no answer'}`);
    }
    const worker = this.topology.workerAlive();
    ok &&= worker;
    states.push(`worker ${worker ? 'running' : 'EXITED'}`);
    this.#check(after, 'health', ok, states.join(', '));
  }

  /** No job stuck `running`, none overdue in the queue, none dead. */
  async #jobs(after: string): Promise<void> {
    const { rows } = await this.query<{
      status: string;
      n: string;
      stuck: string;
      overdue: string;
      last_error: string | null;
    }>(
      `select status, count(*) as n,
              count(*) filter (where status = 'running' and locked_at < now() - interval '60 seconds') as stuck,
              count(*) filter (where status = 'queued' and run_at < now() - interval '60 seconds') as overdue,
              max(last_error) as last_error
         from jobs group by status order by status`,
    );
    const stuck = rows.reduce((n, r) => n + Number(r.stuck), 0);
    const overdue = rows.reduce((n, r) => n + Number(r.overdue), 0);
    const dead = rows.find((r) => r.status === 'dead');
    const counts = rows.map((r) => `${r.status} ${r.n}`).join(', ') || 'none';
    let which = '';
    if (stuck) {
      const { rows: jobs } = await this.query<{
        id: number;
        type: string;
        attempts: number;
        locked_at: Date;
      }>(
        `select id, type, attempts, locked_at from jobs
          where status = 'running' and locked_at < now() - interval '60 seconds' order by id limit 5`,
      );
      which = ` (${jobs
        .map(
          (j) =>
            `job ${j.id} ${j.type}, attempt ${j.attempts}, running since ${fmt(j.locked_at.getTime() - this.recorder.t0Wall)}`,
        )
        .join('; ')})`;
    }
    this.#check(
      after,
      'jobs table',
      stuck === 0 && overdue === 0 && !dead,
      `${counts}; running for over 60 s: ${stuck}${which}; queued and overdue by 60 s: ${overdue}${dead ? `; dead, last error: ${dead.last_error}` : ''}`,
    );
  }

  // ---- the hub across the Redis outage -------------------------------------------------------------

  /** Two check streams of the reserved application's mentioned user: one per instance, direct. */
  async #openHubCheck(): Promise<{
    user: Session;
    author: Session;
    first: HubStream;
    second: HubStream;
  }> {
    const [author, user] = this.#hubUsers();
    const token = await this.#token(user);
    const clock = () => this.recorder.now();
    const topic = `v2/user/${user.userId}`;
    const first = openHubStream(this.topology.instanceUrl(0), topic, token, clock);
    const second = openHubStream(this.topology.instanceUrl(1), topic, token, clock);
    await Promise.all([first.opened, second.opened]);
    // One update before the outage, so that the second stream has an id to come back with.
    await this.#mention(author, user, this.topology.instanceUrl(0), 'instance-1');
    await waitFor(
      'the check streams',
      10_000,
      async () => first.events.length > 0 && second.events.length > 0,
    ).catch(() => 0);
    return { user, author, first, second };
  }

  /** Two users of the first company: one comments, the other is mentioned. */
  #hubUsers(): [Session, Session] {
    const sessions = this.workload.sessions;
    const author = sessions[0]!;
    const user = sessions.find(
      (s) => s.companyId === author.companyId && s.userId !== author.userId,
    );
    if (!user) throw new Error('the hub check needs two users of one company');
    return [author, user];
  }

  async #token(session: Session): Promise<string> {
    const answer = await call(
      null,
      'check',
      '/api/hub-token',
      { session, base: this.topology.publicUrl, via: 'nginx' },
      this.topology.publicUrl,
    );
    if (!answer?.ok) throw new Error(`GET /api/hub-token: ${answer?.status ?? 'no answer'}`);
    return json<{ mercure_subscription_token: string }>(answer).mercure_subscription_token;
  }

  /** A comment on the reserved application mentioning `user`, written through `base`. */
  #mention(author: Session, user: Session, base: string, via: string) {
    return this.workload.comment(
      author,
      this.workload.reserved!,
      [user.userId],
      via,
      base,
      'check_comment',
    );
  }

  /**
   * After Redis: (1) live updates resume — a mention written through instance 2 reaches the stream
   * on instance 1 that stayed open through the outage; (2) the stream that left during the outage
   * reconnects to instance 2 with its last event id and replays exactly what the other one got
   * since that id.
   */
  async #hubResumes(
    hub: { user: Session; author: Session; first: HubStream; second: HubStream },
    lastSeen: string | undefined,
  ): Promise<void> {
    const after = 'Redis back';
    const back = this.recorder.now();
    const route = `/applicants/${this.workload.reserved!.applicantId}`;
    const mentionsOn = (s: HubStream, since: number) =>
      s.events.filter((e) => e.at >= since && e.notification?.data.route === route).length;
    let resumed: number | undefined;
    while (this.recorder.now() - back < 30_000 && resumed === undefined) {
      const sentAt = this.recorder.now();
      await this.#mention(hub.author, hub.user, this.topology.instanceUrl(1), 'instance-2');
      const deadline = Date.now() + 2000;
      while (Date.now() < deadline && mentionsOn(hub.first, sentAt) === 0) await sleep(50);
      if (mentionsOn(hub.first, sentAt) > 0) resumed = this.recorder.now() - back;
    }
    this.#check(
      after,
      'live updates resume',
      resumed !== undefined && !hub.first.done,
      resumed !== undefined
        ? `a mention written through instance 2 reached the stream on instance 1 (open through the outage) ${fmt(resumed)} after Redis started`
        : `no update reached the stream on instance 1 within 30 s${hub.first.done ? ' (the stream ended)' : ''}`,
    );
    // Updates the returning stream missed: a few more mentions, then it reconnects.
    for (let i = 0; i < 3; i++)
      await this.#mention(hub.author, hub.user, this.topology.publicUrl, 'nginx');
    await sleep(1500);
    if (!lastSeen) {
      this.#check(
        after,
        'a returning subscriber replays what it missed',
        false,
        'the second stream had no event id before it left',
      );
      hub.first.close();
      return;
    }
    const token = await this.#token(hub.user);
    const index = hub.first.events.findIndex((e) => e.id === lastSeen);
    const missed = hub.first.events.slice(index + 1).map((e) => e.id);
    const again = openHubStream(
      this.topology.instanceUrl(1),
      `v2/user/${hub.user.userId}`,
      token,
      () => this.recorder.now(),
      lastSeen,
    );
    await again.opened;
    await sleep(1500);
    again.close();
    hub.first.close();
    const got = new Set(again.events.map((e) => e.id));
    const lost = missed.filter((id) => !got.has(id));
    const ok = again.status === 200 && index >= 0 && missed.length > 0 && lost.length === 0;
    this.#check(
      after,
      'a returning subscriber replays what it missed',
      ok,
      index < 0
        ? `the stream on instance 1 never got ${lastSeen}, the last id of the one on instance 2`
        : `reconnected to instance 2 with Last-Event-ID ${lastSeen} (answered ${again.answeredLastEventId ?? 'none'}): ` +
            `${missed.length - lost.length}/${missed.length} updates the other stream got since then were replayed` +
            (lost.length ? `; missing ${lost.slice(0, 5).join(', ')}` : ''),
    );
  }
}

export const fmt = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
