import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import type { HubUpdate } from '../src/platform/realtime/hub-update.ts';
import { prepareUpdate } from '../src/platform/realtime/hub-update.ts';
import { RedisTransport } from '../src/platform/realtime/redis-transport.ts';

/**
 * The hub while Redis is away (issue 36, found by npm run soak): an instance publishing then
 * answers at once instead of waiting for the client's retries, and what it published reaches
 * every instance, in order, once Redis is back. Runs a Redis server of its own (Debian's
 * redis-server) on a free loopback port, so as to stop it; skipped without one.
 */
const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;
const quiet = { warn: () => {} };

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  return new Promise((resolve, reject) => {
    const probe = async (tries: number): Promise<void> => {
      const client = new Redis({ port, host: '127.0.0.1', lazyConnect: true, retryStrategy: null });
      client.on('error', () => {});
      try {
        await client.connect();
        await client.ping();
        client.disconnect();
        resolve(child);
      } catch {
        client.disconnect();
        if (tries <= 0) reject(new Error('redis-server did not start'));
        else setTimeout(() => void probe(tries - 1), 50);
      }
    };
    void probe(100);
  });
}

async function until(check: () => boolean, what: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.skipIf(!hasRedisServer)('hub transport while Redis is away', () => {
  let redis: ChildProcess | undefined;
  const transports: RedisTransport[] = [];
  afterAll(async () => {
    for (const t of transports) await t.close();
    redis?.kill('SIGKILL');
  });

  it('answers at once while Redis is down, and delivers everything in order once it is back', async () => {
    const port = await freePort();
    redis = await startRedis(port);
    const options = { url: `redis://127.0.0.1:${port}`, prefix: 'outage:', historySize: 100 };
    const publisher = new RedisTransport({ ...options, log: quiet });
    const listener = new RedisTransport({ ...options, log: quiet });
    transports.push(publisher, listener);
    const received: HubUpdate[] = [];
    await publisher.start(() => {});
    await listener.start((u) => received.push(u));
    const update = (data: string) => prepareUpdate({ topics: ['https://e.x/outage'], data });

    await publisher.publish(update('before'));
    await until(() => received.length === 1, 'the first update');

    // Redis goes away, as a crash would.
    redis.kill('SIGKILL');
    await new Promise((resolve) => redis!.once('exit', resolve));
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Publishing answers while Redis is still down (the old transport waited for ioredis's
    // retries, then failed): the updates wait.
    await publisher.publish(update('during 1'));
    await publisher.publish(update('during 2'));
    expect(publisher.caughtUp).toBe(false);
    expect(received.map((u) => u.data)).toEqual(['before']);

    // Back on the same port: what waited reaches the other instance, in order, then new ones.
    redis = await startRedis(port);
    await until(() => publisher.caughtUp, 'the waiting updates to be sent');
    await publisher.publish(update('after'));
    await until(() => received.length === 4, 'every update');
    expect(received.map((u) => u.data)).toEqual(['before', 'during 1', 'during 2', 'after']);
  });
});
