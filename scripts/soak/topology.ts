// The soak's topology (docs/soak.md): its own PostgreSQL cluster and Redis on free loopback ports,
// s3rver for the files, two app instances and a worker from apps/server/dist, nginx in front. All
// of it lives in one run folder under the OS temp dir; `teardown` (or, as a last resort, the
// process's 'exit') kills every child and removes the folder. The machine's own PostgreSQL (5432)
// and Redis (6379) are never touched.
import { spawn, spawnSync, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  appendFileSync,
  chmodSync,
  chownSync,
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

export const REPO = path.resolve(import.meta.dirname, '../..');
const PG_BIN = '/usr/lib/postgresql/15/bin';
const NGINX = '/usr/sbin/nginx';
const SERVER_DIST = path.join(REPO, 'apps/server/dist');
const PROXY_CONF = path.join(REPO, 'deploy/nginx/embauche-proxy.conf');
const S3RVER_PROCESS = path.join(REPO, 'apps/server/test/support/s3rver-process.mjs');
const BUCKET = 'embauche-soak';

const isRoot = process.getuid?.() === 0;

export type Ports = { postgres: number; redis: number; nginx: number; app: [number, number] };

/** Something the soak started, with how it ends. */
type Child = { name: string; process: ChildProcess; exited: Promise<void> };

const log = (line: string) => console.log(`[soak] ${line}`);

/** A port free on 127.0.0.1: `preferred` if it is, else one the system picks. */
async function freePort(preferred: number, taken: Set<number>): Promise<number> {
  const tryPort = (port: number) =>
    new Promise<number | null>((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(null));
      server.listen(port, '127.0.0.1', () => {
        const { port: got } = server.address() as net.AddressInfo;
        server.close(() => resolve(got));
      });
    });
  for (const candidate of [preferred, preferred + 1, preferred + 2, 0]) {
    const port = await tryPort(candidate);
    if (port && !taken.has(port)) {
      taken.add(port);
      return port;
    }
  }
  throw new Error(`no free port near ${preferred}`);
}

/** Checks what the soak needs from Debian and the repository; answers what is missing. */
export function missingPrerequisites(): string[] {
  const missing: string[] = [];
  if (!existsSync(path.join(PG_BIN, 'pg_ctl')))
    missing.push(`PostgreSQL 15 server binaries (${PG_BIN}): apt-get install -y postgresql-15`);
  if (spawnSync('redis-server', ['--version']).status !== 0)
    missing.push('redis-server: apt-get install -y redis-server');
  if (!existsSync(PROXY_CONF)) missing.push(`${PROXY_CONF} (the nginx server block)`);
  return missing;
}

/** Installs Debian's nginx when it is missing and the soak runs as root; otherwise says how. */
export function ensureNginx(): void {
  if (existsSync(NGINX)) return;
  if (!isRoot)
    throw new Error(
      `${NGINX} is missing: install it (sudo apt-get install -y nginx) and run again.`,
    );
  log('nginx is missing: apt-get install -y nginx');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'nginx'],
  ]) {
    const run = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (run.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed`);
  }
  // The package starts the machine's own nginx on :80; the soak runs its own and leaves that one.
  if (!existsSync(NGINX)) throw new Error(`${NGINX} still missing after apt-get`);
}

/** Builds apps/server when dist is missing or older than a source file it is built from. */
export function ensureServerBuild(): void {
  const main = path.join(SERVER_DIST, 'main.js');
  const cli = path.join(SERVER_DIST, 'cli.js');
  const builtAt = existsSync(main) && existsSync(cli) ? statSync(main).mtimeMs : 0;
  const newer = (dir: string): boolean => {
    for (const entry of readdirRecursive(dir)) if (statSync(entry).mtimeMs > builtAt) return true;
    return false;
  };
  if (
    builtAt &&
    !newer(path.join(REPO, 'apps/server/src')) &&
    !newer(path.join(REPO, 'packages/contracts/src'))
  )
    return;
  log(builtAt ? 'apps/server/dist is older than its sources: building' : 'building apps/server');
  const run = spawnSync('npm', ['run', 'build', '-w', 'apps/server'], {
    cwd: REPO,
    stdio: 'inherit',
  });
  if (run.status !== 0) throw new Error('npm run build -w apps/server failed');
}

function readdirRecursive(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath ?? entry.path, entry.name));
}

/**
 * The whole topology. `start()` brings it up in order (PostgreSQL, Redis, s3rver, migrate and
 * seed, worker, two instances, nginx); `teardown()` brings it down, whatever state it is in.
 */
export class Topology {
  readonly run: string;
  readonly logs: string;
  ports!: Ports;
  #children = new Set<Child>();
  #instances: (Child | undefined)[] = [undefined, undefined];
  #redis: Child | undefined;
  #worker: Child | undefined;
  #pgStarted = false;
  /** Set as the teardown begins: exits are no crashes any more. */
  #stopping = false;
  /** Set once the teardown is over: the 'exit' handler has nothing left to do. */
  #done = false;
  #teardown: Promise<void> | undefined;
  /** Children stopped on purpose (a fault, the end): their exit is no crash. */
  #expected = new WeakSet<Child>();
  /**
   * Told when a process exits on its own. The instances and the worker are started again a second
   * later, as a supervisor (systemd's `Restart=always`) would; the crash stays a finding.
   */
  onCrash: ((name: string, detail: string) => void) | undefined;
  #env: Record<string, string> = {};
  readonly secret = randomBytes(32).toString('base64url');

  constructor() {
    this.run = mkdtempSync(path.join(tmpdir(), 'embauche-soak-'));
    // PostgreSQL runs as `postgres` when the soak runs as root: it must reach its folder.
    chmodSync(this.run, 0o755);
    this.logs = path.join(this.run, 'logs');
    mkdirSync(this.logs);
    // Last resort (an exception past every handler, process.exit): nothing is left running.
    process.on('exit', () => this.#killEverythingNow());
  }

  get publicUrl(): string {
    return `http://127.0.0.1:${this.ports.nginx}`;
  }

  instanceUrl(i: 0 | 1): string {
    return `http://127.0.0.1:${this.ports.app[i]}`;
  }

  get databaseUrl(): string {
    return `postgres://postgres@127.0.0.1:${this.ports.postgres}/embauche`;
  }

  async start(): Promise<void> {
    const taken = new Set<number>();
    this.ports = {
      postgres: await freePort(55432, taken),
      redis: await freePort(56379, taken),
      nginx: await freePort(58080, taken),
      app: [await freePort(53001, taken), await freePort(53002, taken)],
    };
    log(`run folder ${this.run}`);
    await this.#startPostgres();
    await this.startRedis();
    const s3 = await this.#startS3rver();
    this.#env = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? this.run,
      LANG: 'C.UTF-8',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PUBLIC_URL: this.publicUrl,
      TRUST_PROXY: 'true',
      DATA_DIR: path.join(this.run, 'data'),
      DATABASE_URL: this.databaseUrl,
      REDIS_URL: `redis://127.0.0.1:${this.ports.redis}`,
      STORAGE_URL: `s3://${BUCKET}/files?endpoint=${encodeURIComponent(s3)}&region=us-east-1&path_style=true`,
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      AWS_REGION: 'us-east-1',
      LOG_LEVEL: 'warn',
      WORKER_IN_PROCESS: 'false',
      SEED_DEMO: 'false',
      MERCURE_JWT_SECRET: this.secret,
      ENCRYPTION_KEY: randomBytes(32).toString('base64url'),
    };
    mkdirSync(this.#env.DATA_DIR!);
    log('migrating and seeding the demo companies');
    await this.#runOnce('seed', [path.join(SERVER_DIST, 'cli.js'), 'seed'], { FORCE: '1' });
    this.#startWorker();
    await Promise.all([this.startInstance(0), this.startInstance(1)]);
    await this.#startNginx();
    log(
      `up: nginx ${this.publicUrl} → instances :${this.ports.app[0]} :${this.ports.app[1]}, worker, ` +
        `PostgreSQL :${this.ports.postgres}, Redis :${this.ports.redis}, s3rver ${s3}`,
    );
  }

  // ---- PostgreSQL ------------------------------------------------------------------------------

  #pgDir = () => path.join(this.run, 'pg');

  /** Runs a PostgreSQL binary, as `postgres` when the soak is root (initdb refuses root). */
  #pgCommand(binary: string, args: string[], timeoutMs = 60_000) {
    const full = path.join(PG_BIN, binary);
    const [command, argv] = isRoot
      ? ['runuser', ['-u', 'postgres', '--', full, ...args]]
      : [full, args];
    const run = spawnSync(command, argv, { cwd: this.run, encoding: 'utf8', timeout: timeoutMs });
    if (run.status !== 0)
      throw new Error(
        `${binary} ${args.join(' ')} failed: ${run.stderr || run.stdout || run.error}`,
      );
    return run.stdout;
  }

  async #startPostgres(): Promise<void> {
    const dir = this.#pgDir();
    const data = path.join(dir, 'data');
    const socket = path.join(dir, 'socket');
    mkdirSync(socket, { recursive: true });
    if (isRoot) {
      chownSync(dir, ...ids('postgres'));
      chownSync(socket, ...ids('postgres'));
    }
    log(`PostgreSQL: initdb and start on 127.0.0.1:${this.ports.postgres}`);
    this.#pgCommand('initdb', [
      '-D',
      data,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
      '--no-sync',
    ]);
    appendFileSync(
      path.join(data, 'postgresql.conf'),
      [
        '',
        '# scripts/soak: loopback only, on its own port and socket folder',
        `port = ${this.ports.postgres}`,
        `listen_addresses = '127.0.0.1'`,
        `unix_socket_directories = '${socket}'`,
        `max_connections = 100`,
        `shared_buffers = '128MB'`,
        `logging_collector = off`,
        '',
      ].join('\n'),
    );
    this.#pgStarted = true;
    this.#pgCommand('pg_ctl', [
      '-D',
      data,
      '-l',
      path.join(dir, 'postgres.log'),
      '-w',
      '-t',
      '60',
      'start',
    ]);
    const client = new pg.Client({
      connectionString: `postgres://postgres@127.0.0.1:${this.ports.postgres}/postgres`,
    });
    await client.connect();
    await client.query('create database embauche');
    await client.end();
  }

  /** `pg_ctl restart -m fast`: the fault of the same name (without blocking the workload). */
  async restartPostgres(): Promise<void> {
    const dir = this.#pgDir();
    const args = ['-D', path.join(dir, 'data'), '-l', path.join(dir, 'postgres.log')];
    const full = path.join(PG_BIN, 'pg_ctl');
    const argv = [...args, '-m', 'fast', '-w', '-t', '60', 'restart'];
    const child = isRoot
      ? spawn('runuser', ['-u', 'postgres', '--', full, ...argv], {
          cwd: this.run,
          stdio: 'ignore',
        })
      : spawn(full, argv, { cwd: this.run, stdio: 'ignore' });
    const code = await new Promise<number | null>((resolve) => {
      child.once('exit', resolve);
      child.once('error', () => resolve(-1));
    });
    if (code !== 0) throw new Error(`pg_ctl restart failed (exit ${code})`);
  }

  #stopPostgres(): void {
    if (!this.#pgStarted) return;
    this.#pgStarted = false;
    const data = path.join(this.#pgDir(), 'data');
    for (const mode of ['fast', 'immediate']) {
      try {
        this.#pgCommand('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '20', 'stop'], 30_000);
        return;
      } catch {
        // not running, or stuck: the next mode
      }
    }
  }

  // ---- Redis -------------------------------------------------------------------------------------

  /** Starts (again) the soak's redis-server; it saves its data on stop and reloads it. */
  async startRedis(): Promise<void> {
    const dir = path.join(this.run, 'redis');
    mkdirSync(dir, { recursive: true });
    const redis = this.#spawn('redis', 'redis-server', [
      '--port',
      String(this.ports.redis),
      '--bind',
      '127.0.0.1',
      '--dir',
      dir,
      '--save',
      '3600 1',
      '--appendonly',
      'no',
      '--daemonize',
      'no',
      '--protected-mode',
      'yes',
    ]);
    this.#redis = redis;
    this.#supervise(redis, () => {
      if (this.#redis === redis) this.#redis = undefined;
      return undefined;
    });
    await waitFor(`Redis on :${this.ports.redis}`, 20_000, () => redisPing(this.ports.redis));
  }

  /** Stops the soak's Redis as its service manager would (SIGTERM: save, then exit). */
  async stopRedis(): Promise<void> {
    const redis = this.#redis;
    this.#redis = undefined;
    if (redis) await this.#stop(redis, 'SIGTERM', 15_000);
  }

  // ---- s3rver, app instances, worker, nginx ------------------------------------------------------

  async #startS3rver(): Promise<string> {
    const dir = path.join(this.run, 's3');
    mkdirSync(dir);
    const child = this.#spawn(
      's3rver',
      process.execPath,
      ['--openssl-legacy-provider', S3RVER_PROCESS, dir, BUCKET],
      { stdio: ['pipe', 'pipe', 'pipe'] },
    );
    this.#supervise(child, () => undefined);
    const port = await new Promise<number>((resolve, reject) => {
      const lines = createInterface({ input: child.process.stdout! });
      lines.once('line', (line) => resolve((JSON.parse(line) as { port: number }).port));
      void child.exited.then(() => reject(new Error('s3rver exited')));
    });
    return `http://127.0.0.1:${port}`;
  }

  instanceAlive(i: 0 | 1): boolean {
    return this.#instances[i] !== undefined;
  }

  /** Starts app instance `i` (again) and waits for its health check. */
  async startInstance(i: 0 | 1): Promise<void> {
    const child = this.#spawn(
      `instance-${i + 1}`,
      process.execPath,
      ['--max-semi-space-size=32', path.join(SERVER_DIST, 'main.js')],
      { env: { ...this.#env, PORT: String(this.ports.app[i]) } },
    );
    this.#instances[i] = child;
    this.#supervise(child, () => {
      if (this.#instances[i] !== child) return;
      this.#instances[i] = undefined;
      return () => (this.#instances[i] ? Promise.resolve() : this.startInstance(i));
    });
    const url = `${this.instanceUrl(i)}/api/health`;
    await waitFor(`instance ${i + 1}`, 60_000, async () => (await fetch(url)).ok);
  }

  /** SIGKILL, as a crash or the OOM killer would. */
  async killInstance(i: 0 | 1): Promise<void> {
    const child = this.#instances[i];
    this.#instances[i] = undefined;
    if (child) await this.#stop(child, 'SIGKILL', 5_000);
  }

  #startWorker(): void {
    const child = this.#spawn(
      'worker',
      process.execPath,
      [path.join(SERVER_DIST, 'cli.js'), 'worker'],
      {
        env: this.#env,
      },
    );
    this.#worker = child;
    this.#supervise(child, () => {
      this.#worker = undefined;
      return async () => this.#startWorker();
    });
  }

  /**
   * On an exit nobody asked for: tells `onCrash` (with the exit status and the log's last error),
   * then runs what `restart` answers a second later.
   */
  #supervise(child: Child, restart: () => (() => Promise<void>) | undefined): void {
    void child.exited.then(() => {
      if (this.#stopping || this.#expected.has(child)) return;
      const { exitCode, signalCode } = child.process;
      const detail = `${exitCode !== null ? `exit code ${exitCode}` : `signal ${signalCode}`}; ${lastError(this.logPath(child.name))}`;
      log(`${child.name} exited on its own (${detail})`);
      this.onCrash?.(child.name, detail);
      const again = restart();
      if (again)
        setTimeout(() => {
          if (this.#stopping) return;
          again().then(
            () => log(`${child.name} started again after its crash`),
            (err: unknown) => log(`${child.name} did not start again: ${String(err)}`),
          );
        }, 1000);
    });
  }

  workerAlive(): boolean {
    return this.#worker !== undefined && this.#worker.process.exitCode === null;
  }

  async #startNginx(): Promise<void> {
    const dir = path.join(this.run, 'nginx');
    mkdirSync(path.join(dir, 'temp'), { recursive: true });
    const [a, b] = this.ports.app;
    const temp = (name: string) => `${name}_temp_path ${path.join(dir, 'temp', name)};`;
    const conf = path.join(dir, 'nginx.conf');
    writeFileSync(
      conf,
      `# Written by scripts/soak for one run: the reference deployment's server block behind a
# listen on loopback and the upstream of the soak's two instances.
worker_processes 1;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(this.logs, 'nginx-error.log')} warn;
events { worker_connections 1024; }
http {
  ${temp('client_body')}
  ${temp('proxy')}
  ${temp('fastcgi')}
  ${temp('uwsgi')}
  ${temp('scgi')}
  # Only the answers that are not 2xx or 3xx, with the instance that gave them.
  map $status $soak_logged { ~^[45] 1; default 0; }
  log_format soak '$time_iso8601 $request_method $uri $status upstream=$upstream_addr '
                  'upstream_status=$upstream_status time=$request_time';
  access_log ${path.join(this.logs, 'nginx-failed-requests.log')} soak if=$soak_logged;
  upstream embauche {
    server 127.0.0.1:${a} max_fails=1 fail_timeout=2s;
    server 127.0.0.1:${b} max_fails=1 fail_timeout=2s;
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${this.ports.nginx};
    include ${PROXY_CONF};
  }
}
`,
    );
    const base = ['-p', dir, '-e', path.join(this.logs, 'nginx-error.log'), '-c', conf];
    const check = spawnSync(NGINX, [...base, '-t'], { encoding: 'utf8' });
    if (check.status !== 0) throw new Error(`nginx -t: ${check.stderr}`);
    this.#supervise(this.#spawn('nginx', NGINX, [...base, '-g', 'daemon off;']), () => undefined);
    await waitFor(
      `nginx on :${this.ports.nginx}`,
      20_000,
      async () => (await fetch(`${this.publicUrl}/api/health`)).ok,
    );
  }

  // ---- children ----------------------------------------------------------------------------------

  /** Runs a one-off command to its end (its output in the logs folder). */
  async #runOnce(name: string, args: string[], extraEnv: Record<string, string>): Promise<void> {
    const child = this.#spawn(name, process.execPath, args, { env: { ...this.#env, ...extraEnv } });
    await child.exited;
    if (child.process.exitCode !== 0)
      throw new Error(
        `${name} failed (exit ${child.process.exitCode}): see ${this.logs}/${name}.log`,
      );
  }

  #spawn(name: string, command: string, args: string[], options: SpawnOptions = {}): Child {
    const out = openSync(path.join(this.logs, `${name}.log`), 'a');
    const stdio = options.stdio ?? ['ignore', out, out];
    const child = spawn(command, args, { cwd: REPO, ...options, stdio });
    if (Array.isArray(stdio) && stdio[1] === 'pipe') child.stderr?.on('data', () => {});
    closeSync(out);
    const record: Child = {
      name,
      process: child,
      exited: new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.once('error', () => resolve());
      }),
    };
    this.#children.add(record);
    void record.exited.then(() => this.#children.delete(record));
    return record;
  }

  async #stop(child: Child, signal: NodeJS.Signals, graceMs: number): Promise<void> {
    this.#expected.add(child);
    if (child.process.exitCode !== null || child.process.signalCode !== null) return;
    child.process.kill(signal);
    const timer = setTimeout(() => child.process.kill('SIGKILL'), graceMs);
    await child.exited;
    clearTimeout(timer);
  }

  /**
   * Stops everything (nginx first, PostgreSQL last) and removes the run folder, keeping the logs
   * in `keepLogsIn`. Called again, it answers the same teardown.
   */
  teardown(keepLogsIn?: string): Promise<void> {
    return (this.#teardown ??= this.#tearDown(keepLogsIn));
  }

  async #tearDown(keepLogsIn?: string): Promise<void> {
    this.#stopping = true;
    const order = ['nginx', 'instance-1', 'instance-2', 'worker', 's3rver', 'redis'];
    const children = [...this.#children].sort(
      (x, y) => order.indexOf(x.name) - order.indexOf(y.name),
    );
    for (const child of children) await this.#stop(child, 'SIGTERM', 10_000);
    this.#stopPostgres();
    if (keepLogsIn) {
      cpSync(this.logs, keepLogsIn, { recursive: true });
      const pgLog = path.join(this.#pgDir(), 'postgres.log');
      if (existsSync(pgLog)) cpSync(pgLog, path.join(keepLogsIn, 'postgres.log'));
    }
    rmSync(this.run, { recursive: true, force: true });
    this.#done = true;
  }

  /** Synchronous, for 'exit' and a second Ctrl-C: SIGKILL every child, stop PostgreSQL, remove. */
  #killEverythingNow(): void {
    if (this.#done) return;
    this.#done = true;
    this.#stopping = true;
    for (const child of this.#children) child.process.kill('SIGKILL');
    if (this.#pgStarted) {
      try {
        this.#pgCommand(
          'pg_ctl',
          ['-D', path.join(this.#pgDir(), 'data'), '-m', 'immediate', 'stop'],
          20_000,
        );
      } catch {
        // already down
      }
    }
    rmSync(this.run, { recursive: true, force: true });
  }

  /** For the error report: the last lines of a child's log. */
  logPath(name: string): string {
    return path.join(this.logs, `${name}.log`);
  }
}

/** The last error a log shows (Node's uncaught errors, pino's error lines), in a line. */
function lastError(file: string): string {
  let text = '';
  try {
    text = readFileSync(file, 'utf8').slice(-20_000);
  } catch {
    return 'no log';
  }
  const lines = text.split('\n');
  const unhandled = lines.findLastIndex((l) => l.includes("Unhandled 'error' event"));
  if (unhandled >= 0) {
    const error = lines.slice(unhandled).find((l) => /^\w*error\b/i.test(l));
    return `Unhandled 'error' event: ${error ?? '?'}`;
  }
  const error = lines.findLast((l) => /^\w*Error\b|"level":(50|60)/.test(l));
  return error ? error.slice(0, 300) : 'nothing in its log';
}

/** The uid and gid of a system user (`postgres`). */
function ids(name: string): [number, number] {
  const uid = spawnSync('id', ['-u', name], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' });
  if (uid.status !== 0) throw new Error(`no user ${name}: is the postgresql package installed?`);
  return [Number(uid.stdout.trim()), Number(gid.stdout.trim())];
}

/** PING over a raw socket: answers whether Redis replied PONG. */
export function redisPing(port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

/** Polls `check` every 250 ms until it answers true, or throws after `ms`. */
export async function waitFor(
  what: string,
  ms: number,
  check: () => Promise<boolean>,
): Promise<number> {
  const start = Date.now();
  for (;;) {
    try {
      if (await check()) return Date.now() - start;
    } catch {
      // not yet
    }
    if (Date.now() - start > ms) throw new Error(`${what} not ready after ${ms / 1000} s`);
    await sleep(250);
  }
}
