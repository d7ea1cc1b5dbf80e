import { createBoundedWorkerPool } from '../workers/bounded-worker-pool.ts';
import { workerScript } from '../workers/bounded-worker.ts';

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

/** Threads kept for compiling (previews come one after another as a recruiter types). */
const POOL_SIZE = 2;
const IDLE_MS = 60_000;

const pools = new Map<string, ReturnType<typeof createBoundedWorkerPool<CompiledMail>>>();

type CompiledMail = { html: string; text: string };

/**
 * An MJML document (an e-mail model's, written in GrapesJS) compiled to the HTML that e-mail
 * clients read (tables, inline styles), sanitised (mail-compile.worker.mjs: no script, frame, form,
 * handler or `javascript:` link; `mj-include` never reads a file), and its plain-text part. Merge
 * fields (`{{group.name}}`) pass through untouched, to be filled when an e-mail is sent.
 *
 * A recruiter's document is untrusted input: it is compiled off the request thread, in a worker
 * thread with its own heap limit, a deadline per document and no environment, as uploaded
 * spreadsheets are read. Loading MJML costs a thread about 200 ms and a compile about 3 ms, so up
 * to two threads are kept and reused (bounded-worker-pool.ts); one that overruns is replaced.
 */
export function compileMail(
  mjml: string,
  options: Partial<MailCompileLimits> = {},
): Promise<CompiledMail> {
  const { timeoutMs, maxHeapMb, maxHtmlChars } = { ...DEFAULT_MAIL_COMPILE_LIMITS, ...options };
  const key = `${timeoutMs}/${maxHeapMb}`;
  let pool = pools.get(key);
  if (!pool) {
    pool = createBoundedWorkerPool<CompiledMail>({
      file: workerScript('mail-compile.worker.mjs', import.meta.url, 'platform/mail'),
      size: POOL_SIZE,
      timeoutMs,
      maxHeapMb,
      idleMs: IDLE_MS,
      fallbackCode: 'invalid_mjml',
      refuse: (code, reason) => new MailCompileError(code, reason),
    });
    pools.set(key, pool);
  }
  return pool.run({ mjml, limits: { maxHtmlChars } });
}
