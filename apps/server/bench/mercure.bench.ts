/**
 * Live hub benchmark (issue 13 part 2, item 5), not a test:
 *
 *     npm run bench:mercure -w apps/server
 *
 * Starts the hub in a process of its own, opens BENCH_SUBSCRIBERS idle streams (default 10,000),
 * each a user subscribed to their own topic `v2/user/{n}` with their own token, and measures the
 * server's memory per subscriber (after a collection, against the same process before them).
 * Then BENCH_UPDATES private updates (default 1,000) go to single-user topics, posted at
 * BENCH_RATE per second (default 500), and the time from the POST leaving to the event reaching
 * its subscriber gives the median and p99. Then the same with two instances sharing Redis
 * (REDIS_URL or TEST_REDIS_URL, default redis://127.0.0.1:6379; BENCH_REDIS=0 skips it): half the
 * subscribers on each, every update posted to the first, so half the deliveries cross Redis.
 * BENCH_ONLY=memory or redis runs one of the two.
 * Figures depend on the machine's load: give `uptime` with them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { SignJWT } from 'jose';

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 10_000);
const UPDATES = Number(process.env.BENCH_UPDATES ?? 1_000);
const RATE = Number(process.env.BENCH_RATE ?? 500);
const REDIS_URL = process.env.REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const SUBSCRIBER_KEY = 'bench-subscriber-key-0123456789-abcdefghij';
const PUBLISHER_KEY = 'bench-publisher-key-0123456789-abcdefghijk';

type Instance = { process: ChildProcess; port: number };

async function startInstance(env: Record<string, string>): Promise<Instance> {
  const child = spawn(
    process.execPath,
    [
      '--expose-gc',
      '--import',
      'tsx',
      new URL('./mercure-bench-server.ts', import.meta.url).pathname,
    ],
    {
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
      env: {
        ...process.env,
        MERCURE_JWT_SECRET: SUBSCRIBER_KEY,
        MERCURE_PUBLISHER_JWT_KEY: PUBLISHER_KEY,
        MERCURE_HEARTBEAT_SECONDS: '30',
        ...env,
      },
    },
  );
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      const match = /listening (\d+)/.exec(String(chunk));
      if (match) resolve(Number(match[1]));
    });
    child.on('exit', (code) => reject(new Error(`the hub exited (${code})`)));
  });
  return { process: child, port };
}

function memory(instance: Instance): Promise<{ rss: number; heapUsed: number; external: number }> {
  return new Promise((resolve) => {
    instance.process.once('message', (m) => resolve(m as never));
    instance.process.send('memory');
  });
}

const sign = (claims: object, key: string) =>
  new SignJWT(claims as never)
    .setProtectedHeader({ alg: 'HS256' })
    .sign(new TextEncoder().encode(key));

/** Opens `count` streams on `port` for users `from…from+count-1`; `onEvent(id)` on every event. */
async function openSubscribers(
  port: number,
  from: number,
  count: number,
  onEvent: (id: string) => void,
): Promise<http.ClientRequest[]> {
  const requests: http.ClientRequest[] = [];
  const open = async (user: number) => {
    const topic = `v2/user/${user}`;
    const token = await sign({ mercure: { subscribe: [topic] } }, SUBSCRIBER_KEY);
    await new Promise<void>((resolve, reject) => {
      const req = http.get(
        {
          host: '127.0.0.1',
          port,
          path: `/.well-known/mercure?topic=${encodeURIComponent(topic)}`,
          headers: { authorization: `Bearer ${token}` },
          agent: false,
        },
        (res) => {
          if (res.statusCode !== 200) return reject(new Error(`subscribe: ${res.statusCode}`));
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            for (const match of chunk.matchAll(/^id: (.*)$/gm)) onEvent(match[1]!);
          });
          res.on('error', () => {});
          resolve();
        },
      );
      req.on('error', reject);
      requests.push(req);
    });
  };
  const BATCH = 200;
  for (let i = 0; i < count; i += BATCH) {
    await Promise.all(
      Array.from({ length: Math.min(BATCH, count - i) }, (_, k) => open(from + i + k)),
    );
  }
  return requests;
}

/** Posts `UPDATES` private updates to random users' topics at `RATE`/s; answers the latencies. */
async function publishUpdates(
  port: number,
  users: number,
  sentAt: Map<string, number>,
  delivered: Map<string, number>,
): Promise<number[]> {
  const token = await sign({ mercure: { publish: ['*'] } }, PUBLISHER_KEY);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  const posts: Promise<void>[] = [];
  const started = performance.now();
  for (let i = 0; i < UPDATES; i++) {
    const due = started + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const id = `urn:uuid:${randomUUID()}`;
    const body = new URLSearchParams({
      topic: `v2/user/${Math.floor(Math.random() * users)}`,
      data: JSON.stringify({ type: 'notification', n: i }),
      private: 'on',
      id,
    }).toString();
    sentAt.set(id, performance.now());
    posts.push(
      new Promise<void>((resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            path: '/.well-known/mercure',
            method: 'POST',
            agent,
            headers: {
              authorization: `Bearer ${token}`,
              'content-type': 'application/x-www-form-urlencoded',
              'content-length': Buffer.byteLength(body),
            },
          },
          (res) => {
            res.resume();
            res.on('end', () =>
              res.statusCode === 200 ? resolve() : reject(new Error(`publish: ${res.statusCode}`)),
            );
          },
        );
        req.on('error', reject);
        req.end(body);
      }),
    );
  }
  await Promise.all(posts);
  const deadline = Date.now() + 10_000;
  while (delivered.size < UPDATES && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 20));
  agent.destroy();
  return [...sentAt].filter(([id]) => delivered.has(id)).map(([id, t]) => delivered.get(id)! - t);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const ms = (v: number) => `${v.toFixed(1)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`;

function report(label: string, latencies: number[]) {
  const sorted = [...latencies].sort((a, b) => a - b);
  console.log(
    `  ${label}: ${sorted.length}/${UPDATES} delivered, median ${ms(percentile(sorted, 50))}, p99 ${ms(percentile(sorted, 99))}, max ${ms(sorted.at(-1) ?? NaN)}`,
  );
}

async function scenario(name: string, instances: Instance[]) {
  console.log(`\n${name}: ${SUBSCRIBERS} idle subscribers, ${UPDATES} updates at ${RATE}/s`);
  const before = await Promise.all(instances.map(memory));
  const delivered = new Map<string, number>();
  const deliveredOn = new Map<string, number>();
  const requests: http.ClientRequest[] = [];
  const share = Math.ceil(SUBSCRIBERS / instances.length);
  const t0 = performance.now();
  for (const [n, instance] of instances.entries()) {
    const from = n * share;
    const count = Math.min(share, SUBSCRIBERS - from);
    requests.push(
      ...(await openSubscribers(instance.port, from, count, (id) => {
        if (!delivered.has(id)) {
          delivered.set(id, performance.now());
          deliveredOn.set(id, n);
        }
      })),
    );
  }
  console.log(`  ${requests.length} streams open in ${ms(performance.now() - t0)}`);
  await new Promise((r) => setTimeout(r, 500));
  const after = await Promise.all(instances.map(memory));
  instances.forEach((_, n) => {
    const count = Math.min(share, SUBSCRIBERS - n * share);
    const rss = after[n]!.rss - before[n]!.rss;
    const heap =
      after[n]!.heapUsed + after[n]!.external - before[n]!.heapUsed - before[n]!.external;
    console.log(
      `  instance ${n + 1}: ${count} subscribers, RSS +${kb(rss)} total, ${kb(rss / count)} RSS and ${kb(heap / count)} heap+external per subscriber`,
    );
  });
  const sentAt = new Map<string, number>();
  const latencies = await publishUpdates(instances[0]!.port, SUBSCRIBERS, sentAt, delivered);
  report('all deliveries', latencies);
  if (instances.length > 1) {
    for (const n of instances.keys()) {
      const own = [...sentAt.keys()].filter((id) => deliveredOn.get(id) === n);
      report(
        n === 0
          ? 'subscribers on the publishing instance'
          : `subscribers on instance ${n + 1} (through Redis)`,
        own.map((id) => delivered.get(id)! - sentAt.get(id)!),
      );
    }
  }
  for (const req of requests) req.destroy();
}

const stop = (instances: Instance[]) =>
  Promise.all(
    instances.map(
      (i) =>
        new Promise<void>((resolve) => {
          i.process.once('exit', () => resolve());
          i.process.kill('SIGTERM');
          setTimeout(() => i.process.kill('SIGKILL'), 5000).unref();
        }),
    ),
  );

if (process.env.BENCH_ONLY !== 'redis') {
  const memoryOnly = [await startInstance({})];
  try {
    await scenario('One instance, in memory', memoryOnly);
  } finally {
    await stop(memoryOnly);
  }
}

if (process.env.BENCH_REDIS !== '0' && process.env.BENCH_ONLY !== 'memory') {
  const prefix = `embauche-bench:${randomUUID()}:`;
  const env = { REDIS_URL, MERCURE_REDIS_PREFIX: prefix };
  const pair = [await startInstance(env), await startInstance(env)];
  try {
    await scenario('Two instances through Redis', pair);
  } finally {
    await stop(pair);
    const { Redis } = await import('ioredis');
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  }
}
