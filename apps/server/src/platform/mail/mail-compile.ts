import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';

/** Bounds on compiling one MJML document. */
export type MailCompileLimits = {
  /** Wall-clock time; the thread is terminated past it. */
  timeoutMs: number;
  /** The thread's V8 old generation, in MB. */
  maxHeapMb: number;
  /** The compiled HTML's characters. */
  maxHtmlChars: number;
};

export const DEFAULT_MAIL_COMPILE_LIMITS: MailCompileLimits = {
  timeoutMs: 20_000,
  maxHeapMb: 256,
  maxHtmlChars: 2_000_000,
};

/** The document was refused: `code` is the 422 code (`invalid_mjml`), `reason` says why (logged). */
export class MailCompileError extends Error {
  override name = 'MailCompileError';
  constructor(
    readonly code: string,
    readonly reason: string,
  ) {
    super(`e-mail refused (${code}): ${reason}`);
  }
}

type Answer =
  | { kind: 'compiled'; html: string; text: string }
  | { kind: 'refused'; code: string; message: string };

/**
 * An MJML document (an e-mail model's, written in GrapesJS) compiled to the HTML that e-mail
 * clients read (tables, inline styles), sanitised (mail-compile.worker.mjs: no script, frame, form,
 * handler or `javascript:` link; `mj-include` never reads a file), and its plain-text part. Merge
 * fields (`{{group.name}}`) pass through untouched, to be filled when an e-mail is sent.
 *
 * A recruiter's document is untrusted input: it is compiled off the request thread, in a worker
 * thread with its own heap limit, a deadline and no environment, as uploaded spreadsheets are read.
 */
export function compileMail(
  mjml: string,
  options: Partial<MailCompileLimits> = {},
): Promise<{ html: string; text: string }> {
  const { timeoutMs, maxHeapMb, maxHtmlChars } = { ...DEFAULT_MAIL_COMPILE_LIMITS, ...options };
  const worker = new Worker(workerFile(), {
    workerData: { mjml, limits: { maxHtmlChars } },
    env: {},
    execArgv: [],
    resourceLimits: { maxOldGenerationSizeMb: maxHeapMb, maxYoungGenerationSizeMb: 32 },
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
      settle(() => reject(new MailCompileError(code, reason)));
    const timer = setTimeout(() => refuse('invalid_mjml', `took over ${timeoutMs} ms`), timeoutMs);
    worker.once('message', (msg: Answer) => {
      if (msg.kind === 'compiled') settle(() => resolve({ html: msg.html, text: msg.text }));
      else refuse(msg.code, msg.message);
    });
    worker.once('error', (err: Error & { code?: string }) => {
      if (err.code === 'ERR_WORKER_OUT_OF_MEMORY') refuse('invalid_mjml', 'out of memory');
      else settle(() => reject(err));
    });
    worker.once('exit', (code) => refuse('invalid_mjml', `the compiler stopped (${code})`));
  });
}

const WORKER_FILE = 'mail-compile.worker.mjs';
let workerPath: URL | undefined;

/** Next to this module in the sources (tsx, Vitest), next to the bundle in dist/ (build.mjs). */
function workerFile(): URL {
  if (workerPath) return workerPath;
  const candidates = [
    new URL(`./${WORKER_FILE}`, import.meta.url),
    new URL(`../src/platform/mail/${WORKER_FILE}`, import.meta.url),
  ];
  workerPath = candidates.find((url) => existsSync(url));
  if (!workerPath) throw new Error(`${WORKER_FILE} not found (looked in ${candidates.join(', ')})`);
  return workerPath;
}
