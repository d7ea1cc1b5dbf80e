import { fork } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { DOCX_MIME, ODT_MIME } from './file-type.ts';

/** Bounds on reading one untrusted file (defaults: DEFAULT_EXTRACTION_LIMITS). */
export type ExtractionLimits = {
  /** Wall-clock time of one extraction; the process is killed past it. */
  timeoutMs: number;
  /** The extraction process's V8 heap (old generation), in MB. */
  maxHeapMb: number;
  /**
   * The extraction process's resident memory, in MB, checked every 100 ms (Linux): typed arrays
   * (pdf.js's decoded streams) live outside the heap limit.
   */
  maxRssMb: number;
  /** Decompressed size of a DOCX's word/document.xml or an ODT's content.xml. */
  maxXmlBytes: number;
  /** Decompressed ÷ compressed size of such an entry over 1 MB. */
  maxRatio: number;
  /** Decompressed size of all the Flate streams of a PDF together. */
  maxPdfInflatedBytes: number;
  /** PDF pages read. */
  maxPages: number;
  /** Characters of text kept. */
  maxTextChars: number;
};

export const DEFAULT_EXTRACTION_LIMITS: ExtractionLimits = {
  timeoutMs: 30_000,
  maxHeapMb: 256,
  maxRssMb: 1024,
  maxXmlBytes: 20 * 1048576,
  maxRatio: 100,
  maxPdfInflatedBytes: 100 * 1048576,
  maxPages: 30,
  maxTextChars: 200_000,
};

/**
 * The file could not be read and trying again cannot help: `refused` when reading it would take
 * too much (decompression bomb, time or memory limit), `unreadable` when it is damaged. The
 * message is whole ("CV text extraction refused: decompressed size over 20 MB").
 */
export class TextExtractionError extends Error {
  override name = 'TextExtractionError';
  /** The job queue marks the job dead at once (see isPermanentError in jobs.ts). */
  readonly permanent = true;
  constructor(
    readonly kind: 'refused' | 'unreadable',
    readonly reason: string,
  ) {
    super(`CV text extraction ${kind === 'refused' ? 'refused' : 'failed'}: ${reason}`);
  }
}

const EXTRACTABLE = new Set([
  'application/pdf',
  DOCX_MIME,
  ODT_MIME,
  'text/plain',
  'application/rtf',
]);

/**
 * Plain text of a CV for search and summaries (PDF through pdf.js, DOCX and ODT from their XML, text
 * as is, RTF with its control words stripped); other kinds answer null. Throws a
 * TextExtractionError for a file refused or unreadable, another error for a failure worth a retry
 * (the process could not start).
 *
 * Files come from anyone who applies, so they are read in a child process with its own heap limit
 * and a deadline: a decompression bomb can neither block the requests of the server's event loop
 * nor bring the server down. A child process rather than a worker thread: a worker that makes a
 * large allocation past its resourceLimits aborts the whole process ("FATAL ERROR: Reached heap
 * limit"), where a child dies alone. The child gets no environment (no database URL, no secrets).
 */
export async function extractText(
  data: Buffer,
  mime: string,
  options: Partial<ExtractionLimits> = {},
): Promise<string | null> {
  if (!EXTRACTABLE.has(mime)) return null;
  const { timeoutMs, maxHeapMb, maxRssMb, ...readLimits } = {
    ...DEFAULT_EXTRACTION_LIMITS,
    ...options,
  };
  const child = fork(fileURLToPath(workerFile()), [], {
    // Not the parent's flags (tsx loaders, --inspect): plain Node on a plain JavaScript file.
    execArgv: [`--max-old-space-size=${maxHeapMb}`],
    env: {},
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  preferredByOomKiller(child.pid);
  // The end of stderr tells a V8 out-of-memory abort from other deaths.
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4096);
  });
  return new Promise<string | null>((resolve, reject) => {
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(watch);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      fn();
    };
    const timer = setTimeout(
      () =>
        settle(() =>
          reject(new TextExtractionError('refused', `took longer than ${duration(timeoutMs)}`)),
        ),
      timeoutMs,
    );
    const watch = setInterval(() => {
      void residentMb(child.pid).then((mb) => {
        if (mb !== null && mb > maxRssMb) {
          settle(() =>
            reject(new TextExtractionError('refused', `used more than ${maxRssMb} MB of memory`)),
          );
        }
      });
    }, 100);
    child.once('message', (msg: WorkerAnswer) =>
      settle(() => {
        if (msg.kind === 'text') resolve(msg.text);
        else if (msg.kind === 'error') reject(new Error(`CV text extraction: ${msg.message}`));
        else reject(new TextExtractionError(msg.kind, msg.message));
      }),
    );
    // Could not start (too many processes, no memory): worth another try later.
    child.once('error', (err) => settle(() => reject(err)));
    // 'close' rather than 'exit': by then stderr was read to its end, and the answer too.
    child.once('close', (code, signal) =>
      settle(() => {
        // V8 aborts on a full heap; a signal is otherwise the system's OOM killer, or a crash the
        // file caused. Both would happen again. A plain exit code is rather a broken install.
        if (/heap out of memory|heap limit/i.test(stderr)) {
          reject(new TextExtractionError('refused', `needed more than ${maxHeapMb} MB of heap`));
        } else if (signal) {
          reject(
            new TextExtractionError('refused', `the extraction process was stopped (${signal})`),
          );
        } else {
          reject(
            new Error(
              `CV text extraction: the process exited with code ${code}: ${stderr.slice(-500)}`,
            ),
          );
        }
      }),
    );
    child.send({
      bytes: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
      mime,
      limits: readLimits,
    });
  });
}

type WorkerAnswer =
  | { kind: 'text'; text: string | null }
  | { kind: 'refused' | 'unreadable' | 'error'; message: string };

/** The resident memory of a process in MB, or null where /proc does not tell (not Linux, gone). */
async function residentMb(pid: number | undefined): Promise<number | null> {
  if (pid === undefined || process.platform !== 'linux') return null;
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(await readFile(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? null : Number(kb) / 1024;
  } catch {
    return null;
  }
}

/**
 * Should the system run out of memory all the same (between two checks of maxRssMb), let Linux's
 * OOM killer pick the extraction process over the server. Best effort.
 */
function preferredByOomKiller(pid: number | undefined) {
  if (pid === undefined || process.platform !== 'linux') return;
  try {
    writeFileSync(`/proc/${pid}/oom_score_adj`, '1000');
  } catch {
    // Not allowed here (some containers): the heap limit and the deadline still hold.
  }
}

const WORKER_FILE = 'text-extract.worker.mjs';
let workerPath: URL | undefined;

/**
 * The child's script: next to this module in the sources (tsx, Vitest), next to the bundle that
 * inlines this module in dist/ (build.mjs writes it there), so one relative URL serves both.
 */
function workerFile(): URL {
  if (workerPath) return workerPath;
  const candidates = [
    new URL(`./${WORKER_FILE}`, import.meta.url),
    // A bundle built without it, next to the sources it was built from.
    new URL(`../src/platform/storage/${WORKER_FILE}`, import.meta.url),
  ];
  workerPath = candidates.find((url) => existsSync(url));
  if (!workerPath)
    throw new Error(`${WORKER_FILE} not found (looked for ${candidates.join(', ')})`);
  return workerPath;
}

function duration(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 100) / 10} s`;
}
