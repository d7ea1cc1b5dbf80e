import { afterEach, describe, expect, it } from 'vitest';
import { createBoundedWorkerPool } from '../src/platform/workers/bounded-worker-pool.ts';

class Refused extends Error {
  constructor(
    readonly code: string,
    readonly reason: string,
  ) {
    super(`${code}: ${reason}`);
  }
}

const pools: { close(): Promise<unknown> }[] = [];
function pool(size = 1, timeoutMs = 2_000) {
  const made = createBoundedWorkerPool<{ echo: unknown; threadId: number }>({
    file: new URL('./support/workers/pool-probe.worker.mjs', import.meta.url),
    size,
    timeoutMs,
    maxHeapMb: 32,
    idleMs: 60_000,
    fallbackCode: 'invalid_input',
    refuse: (code, reason) => new Refused(code, reason),
  });
  pools.push(made);
  return made;
}
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

describe('bounded worker pool', () => {
  it('keeps one thread for job after job, and never more than its size', async () => {
    const one = pool(1);
    const answers = await Promise.all(['a', 'b', 'c'].map((data) => one.run(data)));
    expect(answers.map((a) => a.echo)).toEqual(['a', 'b', 'c']);
    expect(new Set(answers.map((a) => a.threadId)).size).toBe(1);
    expect(one.threads).toBe(1);

    const two = pool(2);
    const spread = await Promise.all(['a', 'b', 'c', 'd'].map((data) => two.run(data)));
    expect(new Set(spread.map((a) => a.threadId)).size).toBe(2);
    expect(two.threads).toBe(2);
  });

  it("passes the script's refusal on and keeps the thread", async () => {
    const one = pool(1);
    const before = await one.run('x');
    await expect(one.run('refuse')).rejects.toMatchObject({ code: 'bad', reason: 'no' });
    expect((await one.run('y')).threadId).toBe(before.threadId);
  });

  it('refuses a job past its deadline, replaces the thread, and runs the jobs behind it', async () => {
    const one = pool(1, 300);
    const before = await one.run('x');
    const hung = one.run('hang');
    const behind = one.run('after');
    await expect(hung).rejects.toMatchObject({
      code: 'invalid_input',
      reason: 'took over 300 ms',
    });
    const after = await behind;
    expect(after.echo).toBe('after');
    expect(after.threadId).not.toBe(before.threadId);
  });

  it('refuses a job that runs the thread out of memory or stops it, and goes on', async () => {
    const one = pool(1, 20_000);
    await expect(one.run('oom')).rejects.toMatchObject({
      code: 'invalid_input',
      reason: 'out of memory',
    });
    await expect(one.run('exit')).rejects.toMatchObject({
      code: 'invalid_input',
      reason: 'the thread stopped (3)',
    });
    expect((await one.run('fine')).echo).toBe('fine');
  });
});
