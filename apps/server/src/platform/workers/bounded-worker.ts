import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';

/**
 * An answer of a bounded worker's script: its result, or a refusal with the 422 code the caller
 * answers (`{ kind: 'refused', code, message }`).
 */
export type WorkerAnswer<T> =
  { kind: 'done'; value: T } | { kind: 'refused'; code: string; message: string };

/**
 * Runs a plain-JavaScript worker script on untrusted input off the request thread (DESIGN: untrusted
 * files are parsed off the request thread, with limits): its own V8 heap limit, a deadline and no
 * environment. The script posts one WorkerAnswer. A refusal, the deadline, running out of memory
 * or the thread stopping become `refuse(code, reason)` with `fallbackCode`; a thread that cannot
 * start (a bug, not the input's fault) rejects with its own error.
 */
export function runBoundedWorker<T>(options: {
  file: URL;
  data: unknown;
  timeoutMs: number;
  maxHeapMb: number;
  /** The code of a refusal that is not the script's own (deadline, memory, stop). */
  fallbackCode: string;
  refuse: (code: string, reason: string) => Error;
}): Promise<T> {
  const { timeoutMs, fallbackCode } = options;
  const worker = new Worker(options.file, {
    workerData: options.data,
    env: {},
    execArgv: [],
    resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb, maxYoungGenerationSizeMb: 32 },
    stdout: true,
    stderr: true,
  });
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      fn();
    };
    const refuse = (code: string, reason: string) =>
      settle(() => reject(options.refuse(code, reason)));
    const timer = setTimeout(() => refuse(fallbackCode, `took over ${timeoutMs} ms`), timeoutMs);
    worker.once('message', (msg: WorkerAnswer<T>) => {
      if (msg.kind === 'done') settle(() => resolve(msg.value));
      else refuse(msg.code, msg.message);
    });
    worker.once('error', (err: Error & { code?: string }) => {
      if (err.code === 'ERR_WORKER_OUT_OF_MEMORY') refuse(fallbackCode, 'out of memory');
      else settle(() => reject(err));
    });
    worker.once('exit', (code) => refuse(fallbackCode, `the thread stopped (${code})`));
  });
}

const found = new Map<string, URL>();

/**
 * A worker script's address: next to the calling module in the sources (tsx, Vitest), or next to
 * the bundle in dist/ (build.mjs writes it there). `here` is the caller's `import.meta.url`,
 * `sourceDir` its folder under src/ (`platform/mail`).
 */
export function workerScript(name: string, here: string, sourceDir: string): URL {
  const known = found.get(name);
  if (known) return known;
  const candidates = [new URL(`./${name}`, here), new URL(`../src/${sourceDir}/${name}`, here)];
  const url = candidates.find((candidate) => existsSync(candidate));
  if (!url) throw new Error(`${name} not found (looked in ${candidates.join(', ')})`);
  found.set(name, url);
  return url;
}
