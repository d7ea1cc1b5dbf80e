import { Worker } from 'node:worker_threads';
import type { WorkerAnswer } from './bounded-worker.ts';

type Job<T> = {
  data: unknown;
  resolve: (value: T) => void;
  reject: (err: Error) => void;
};

type Slot = { worker: Worker; busy: boolean; idleTimer?: NodeJS.Timeout };

export type BoundedWorkerPoolOptions = {
  file: URL;
  /** Threads kept at most (each serves one job at a time). */
  size: number;
  timeoutMs: number;
  maxHeapMb: number;
  /** A thread with nothing to do for this long is stopped (started again on demand). */
  idleMs: number;
  fallbackCode: string;
  refuse: (code: string, reason: string) => Error;
};

/**
 * runBoundedWorker's limits (own V8 heap, a deadline per job, no environment) for a script that is
 * costly to start and cheap to run, as MJML is (loading it takes about 200 ms, compiling a model
 * 3 ms): up to `size` threads are kept and serve job after job. The script answers each
 * `{ id, data }` message with `{ id, answer: WorkerAnswer }`. A job past its deadline, or a thread
 * that runs out of memory or stops, refuses that job with `fallbackCode` and the thread is replaced;
 * the jobs behind it run on a fresh one. Kept threads never hold the process open.
 */
export function createBoundedWorkerPool<T>(options: BoundedWorkerPoolOptions) {
  const slots: Slot[] = [];
  const queue: Job<T>[] = [];
  let nextId = 0;

  const start = (): Slot => {
    const worker = new Worker(options.file, {
      env: {},
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb, maxYoungGenerationSizeMb: 32 },
      stdout: true,
      stderr: true,
    });
    worker.unref();
    const slot: Slot = { worker, busy: false };
    slots.push(slot);
    return slot;
  };

  const drop = (slot: Slot) => {
    clearTimeout(slot.idleTimer);
    const at = slots.indexOf(slot);
    if (at >= 0) slots.splice(at, 1);
    slot.worker.removeAllListeners();
    void slot.worker.terminate();
  };

  const pump = () => {
    while (queue.length) {
      const slot =
        slots.find((s) => !s.busy) ?? (slots.length < options.size ? start() : undefined);
      if (!slot) return;
      run(slot, queue.shift()!);
    }
  };

  const run = (slot: Slot, job: Job<T>) => {
    clearTimeout(slot.idleTimer);
    slot.busy = true;
    const id = ++nextId;
    const { worker } = slot;
    let settled = false;
    const finish = (healthy: boolean, settle: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      if (healthy) {
        slot.busy = false;
        slot.idleTimer = setTimeout(() => drop(slot), options.idleMs);
        slot.idleTimer.unref();
      } else drop(slot);
      settle();
      pump();
    };
    const refuse = (code: string, reason: string) =>
      finish(false, () => job.reject(options.refuse(code, reason)));
    const onMessage = (msg: { id: number; answer: WorkerAnswer<T> }) => {
      if (msg.id !== id) return;
      const { answer } = msg;
      if (answer.kind === 'done') finish(true, () => job.resolve(answer.value));
      else finish(true, () => job.reject(options.refuse(answer.code, answer.message)));
    };
    const onError = (err: Error & { code?: string }) => {
      if (err.code === 'ERR_WORKER_OUT_OF_MEMORY') refuse(options.fallbackCode, 'out of memory');
      else finish(false, () => job.reject(err));
    };
    const onExit = (code: number) => refuse(options.fallbackCode, `the thread stopped (${code})`);
    const timer = setTimeout(
      () => refuse(options.fallbackCode, `took over ${options.timeoutMs} ms`),
      options.timeoutMs,
    );
    worker.on('message', onMessage);
    worker.once('error', onError);
    worker.once('exit', onExit);
    worker.postMessage({ id, data: job.data });
  };

  return {
    run(data: unknown): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({ data, resolve, reject });
        pump();
      });
    },
    /** The threads kept now (for tests). */
    get threads() {
      return slots.length;
    },
    /** Stops every kept thread (jobs running on them are refused). */
    async close() {
      await Promise.all(slots.slice().map((slot) => slot.worker.terminate()));
    },
  };
}
